// CodeStore.swift: every code and token the emulator issued, in the order it issued them (the dashboard and
// /emulator/v1/codes list them so), found by value through an index: a redemption or a bearer check reads the
// codes with that value, not every code issued since the server started, so a busy server does not slow down
// as codes pile up. Values never change once issued (only a code's use and refresh secret do), which keeps the
// index right; the subscript's setter checks it.
extension EmulatorState {
    struct CodeStore: RandomAccessCollection {
        private var items: [IssuedCode] = []
        /// The positions of the codes with each value (a Kii PIN's six digits may repeat).
        private var positions: [String: [Int]] = [:]

        init() {}

        var startIndex: Int { items.startIndex }
        var endIndex: Int { items.endIndex }

        subscript(position: Int) -> IssuedCode {
            get { items[position] }
            set {
                precondition(newValue.value == items[position].value, "a code's value never changes once issued")
                items[position] = newValue
            }
        }

        mutating func append(_ code: IssuedCode) {
            positions[code.value, default: []].append(items.count)
            items.append(code)
        }

        /// The first code with `value` (in issue order) that `matches`.
        func first(value: String?, where matches: (IssuedCode) -> Bool = { _ in true }) -> IssuedCode? {
            firstIndex(value: value, where: matches).map { items[$0] }
        }

        /// The position of the first code with `value` (in issue order) that `matches`.
        func firstIndex(value: String?, where matches: (IssuedCode) -> Bool = { _ in true }) -> Int? {
            guard let value, let candidates = positions[value] else { return nil }
            return candidates.first { matches(items[$0]) }
        }
    }
}
