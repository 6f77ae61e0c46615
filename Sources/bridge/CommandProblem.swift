// CommandProblem.swift: how the command prints CommandOutput's CommandProblem: while the command line is
// parsed, ArgumentParser prints an error's description, so the description is the problem's words through
// the command line's Redactor (masked unless it has --reveal). The problems and their words are the output
// module's.
import SecretMasking
import ArgumentParser
import CommandOutput
import OutputFiles

extension CommandProblem: CustomStringConvertible {
    /// The words as ArgumentParser prints a problem found while parsing: masked unless the command line has --reveal.
    package var description: String { words(masking: BridgeMain.commandLineRedactor) }
}

extension CommandProblem {
    /// Runs a step that checks or writes the command's output files (a report, --output, a starter file): its
    /// OutputFileProblem is the command's problem, exit 2 naming the file. The one place the one becomes the
    /// other, for every command.
    static func files<Value>(_ step: @autoclosure () throws(OutputFileProblem) -> Value) throws(CommandProblem) -> Value {
        do { return try step() } catch { throw .outputFile(error) }
    }
}

/// A command whose secrets are masked unless --reveal: BridgeMain masks its problems the same way.
protocol MasksSecrets {
    var redactor: Redactor { get }
}

/// A command that checks its options as values: `checkOptions()` says which problem, and ArgumentParser is
/// given it as a ValidationError, so the message is printed with the usage as for its own errors.
protocol CheckedOptions: ParsableArguments {
    func checkOptions() throws(CommandProblem)
}

extension CheckedOptions {
    func validate() throws {
        do { try checkOptions() } catch { throw ValidationError(error.description) }
    }
}
