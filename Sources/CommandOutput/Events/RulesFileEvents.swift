// RulesFileEvents.swift: a rules file that cannot be used, as the commands that load one print it. As text,
// one line per problem on standard error after the command's name (BridgeMain's CommandProblem); as JSON, an
// `input-error` line per problem on standard output, in the file's order, so that a script reading the
// JSON Lines learns why nothing was decided: the file, the line and column of the key path, the key path,
// the problem's stable code (RulesProblem.code, the Java engine's too) and its words.
import JSONText
import NavigationPolicy
import SensitiveText

extension RulesError: OutputEvent {
    /// The problem and its others, each an event of its own (the file's order).
    package var events: [RulesError] {
        var first = self
        first.others = []
        return [first] + others
    }

    package func textLines(_ text: TranscriptText) -> [String] {
        [text.safe(text.redactor.text(words))]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        // The file and the key path are the user's text: masked as input, as the message quotes them.
        let redactor = json.redactor
        var object = JSONFields()
        OutputLocation(file: file, line: line, column: column).add(to: &object, path: false, masking: redactor)
        object.add("key", .string(keyPath.isEmpty ? nil : redactor.text(Sensitive(keyPath, as: .input))))
        object.add("code", problem.code)
        object.add("message", redactor.text(problem.words))
        return OutputLine(.inputError, object)
    }
}
