// InputArguments.swift: positional inputs where "-" means "one per line from standard input".
// Every line counts as an input (a blank line is reported as invalid, never dropped). Standard input
// can be read once, so a second "-" is a usage error rather than silently nothing.

enum InputArguments {
    /// The arguments with each "-" replaced by the lines of standard input (read once).
    static func expand(_ arguments: [String]) throws -> [String] {
        var result: [String] = []
        var stdinRead = false
        for argument in arguments {
            if argument == "-" {
                guard !stdinRead else { throw UsageError("- (standard input) may be given once; it was given more than once") }
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
