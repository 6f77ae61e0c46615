// UTF8ViewSearch.swift: where a byte first occurs in a String's or a Substring's UTF-8, found in the string's
// own storage. Written by hand because the standard library's firstIndex(of:) on a UTF-8 view is the
// generic Collection search, which steps through the view's indices one at a time; the masking code splits
// every message and raw URL it masks at ASCII bytes ("#", "?", "=", ":", a quote) this way. Internal: an
// app linking NavigationPolicy gets no String extensions from it. (The inspector searches a page's own
// byte buffer with memchr, in FlowInspector's ByteSearch; these are the String views' counterpart, for
// text a few hundred bytes long.)

extension String.UTF8View {
    /// The index of the first `byte`, or nil (the same as `firstIndex(of:)`).
    func firstIndex(ofByte byte: UInt8) -> Index? { firstIndexInStorage(of: byte, in: self) }
}

extension Substring.UTF8View {
    /// The index of the first `byte`, or nil (the same as `firstIndex(of:)`).
    func firstIndex(ofByte byte: UInt8) -> Index? { firstIndexInStorage(of: byte, in: self) }
}

/// Both views' search: their bytes are contiguous (a native or small string's), and an offset among them is
/// an index moved in constant time; the generic search is kept for a string with no such storage.
private func firstIndexInStorage<View: BidirectionalCollection<UInt8>>(of byte: UInt8, in view: View) -> View.Index? {
    if let offset = view.withContiguousStorageIfAvailable({ $0.firstIndex(of: byte) }) {
        return offset.map { view.index(view.startIndex, offsetBy: $0) }
    }
    return view.firstIndex(of: byte)
}
