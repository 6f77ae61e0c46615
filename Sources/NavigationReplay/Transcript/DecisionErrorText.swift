// DecisionErrorText.swift: a decision's error in words, for transcripts and findings. The engine gives a
// value (DecisionError) with the real states in it; the words are made here, the states masked with the
// renderer's redactor (none with --reveal).
import NavigationPolicy

extension DecisionError {
    public func message(masking redactor: Redactor) -> String {
        switch self {
        case .invalidURL(let error): return error.description
        case .bridgeMessageInvalid(let error): return error.message
        case .missingParameter(let names): return "the deep link lacks \(names.joined(separator: ", "))"
        case .repeatedParameter(let name, let count, .deepLink):
            return "\(name) occurs \(count) times; which one is meant cannot be told"
        case .repeatedParameter(let name, let count, .response):
            return "\(name) occurs \(count) times; a repeated credential is an error, not a choice"
        case .stateMismatch(let received, let sent, let difference):
            return "state \(redactor.mask(received)) is not the \(redactor.mask(sent)) that was sent" + (difference.map { ": \($0)" } ?? "")
        case .stateMissing(let sent): return "the response carries no state, but \(redactor.mask(sent)) was sent"
        }
    }
}

extension Decision {
    /// The explanation's steps in words, the error last when it ends the explanation.
    public func explanationLines(masking redactor: Redactor) -> [String] {
        guard let error, error.endsExplanation else { return explanation }
        return explanation + [error.message(masking: redactor)]
    }
}
