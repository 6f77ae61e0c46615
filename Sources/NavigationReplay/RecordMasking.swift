// RecordMasking.swift: a navigation record as a recording writes it: every field that holds the page's or a
// browser's text masked, each by how it is read (URLs as URLs, a bridge queue's entries as bridge messages,
// a frame's name and a note's foreign words as foreign text). One function over the record, so a field
// added to the record is masked here or nowhere, and the test that fills every field finds it.
import SecretMasking

extension NavigationRecord {
    /// This record with its secrets masked by `redactor`.
    package func masked(by redactor: Redactor) -> NavigationRecord {
        var masked = self
        masked.url = redactor.rawURL(url)
        masked.sourceURL = sourceURL.map(redactor.rawURL)
        masked.redirectFrom = redirectFrom.map(redactor.rawURL)
        masked.targetFrame = targetFrame.map(redactor.foreignText)
        masked.drained = drained.map { $0.map(redactor.bridgeQueueEntry) }
        masked.note = note.map { $0.masked(by: redactor) }
        return masked
    }
}

extension RecordNote {
    /// The note with its foreign words (a browser's error, the engine's, a navlog's text) masked.
    func masked(by redactor: Redactor) -> RecordNote {
        switch self {
        case .text(let text): .text(redactor.foreignText(text))
        case .failed(let error): .failed(redactor.foreignText(error))
        case .drainFailed(let words): .drainFailed(words.map(redactor.foreignText))
        case .redirectNotFollowed, .redirectNotFollowedByBrowser, .drainedQueueNotArray, .noQueueToDrain, .stoppedBeforeDrained: self
        }
    }
}
