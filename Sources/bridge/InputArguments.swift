// InputArguments.swift: positional inputs where "-" means "one per line from standard input".
// Every line counts as an input (a blank line is reported as invalid, never dropped).

enum InputArguments {
    /// The arguments with each "-" replaced by the lines of standard input (read once).
    static func expand(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var stdinRead = false
        for argument in arguments {
            if argument == "-" {
                guard !stdinRead else { continue }
                stdinRead = true
                while let line = readLine(strippingNewline: true) {
                    result.append(line.hasSuffix("\r") ? String(line.dropLast()) : line)
                }
            } else {
                result.append(argument)
            }
        }
        return result
    }
}
