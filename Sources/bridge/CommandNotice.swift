// CommandNotice.swift: a command's notices (CommandOutput's CommandNotice) said on standard error after the
// command's name, through the Redactor.
import CommandOutput
import SecretMasking

extension StandardError {
    /// A notice, after the command's name (`bridge serve: …`).
    static func say(_ command: String, _ notice: CommandNotice, masking redactor: Redactor = Redactor()) {
        say(command + ": " + redactor.text(notice.words))
    }
}
