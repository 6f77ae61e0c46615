// HeapSettling.swift: puts the heap back in order between timed bodies (interleavedMedians, untimed), so
// no body pays for memory another body freed. glibc keeps small freed chunks in "fast bins" and merges them only when a
// later request needs a large block (malloc_consolidate): after libxml2's bare parse frees its DOM (about
// a million small nodes for the 5 MB page), the next large allocation pays for merging all of them. In
// the interleaved inspect benchmark that was the inspection's first allocation, so the bare parse's
// clean-up was charged to the inspector. mallopt
// consolidates the main arena before it changes a setting; the setting written is glibc's default.
#if canImport(Glibc)
import Glibc

enum HeapSettling {
    /// Merges the main arena's fast-bin chunks now.
    static func consolidate() {
        _ = glibcMallopt(mallocMaxFast, Int32(64 * MemoryLayout<Int>.size / 4))  // DEFAULT_MXFAST
    }

    /// M_MXFAST in <malloc.h>, which the Glibc module does not export.
    private static let mallocMaxFast: Int32 = 1
}

@_silgen_name("mallopt") private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#else
enum HeapSettling {
    static func consolidate() {}
}
#endif
