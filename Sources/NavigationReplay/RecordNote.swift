// RecordNote.swift: a navigation record's note, as a value: what a reader or the host learnt about the
// navigation beyond its fields (a failed load, a redirect no request followed, a bridge queue that could
// not be drained), or the free text a navlog's `note` held. The navlog writes it as text (NavlogWriter, the
// format's one writer); a note read back from a navlog is that text.
import NavigationPolicy

package enum RecordNote: Sendable, Hashable {
    /// A navlog's note as written.
    case text(String)
    /// The load failed with the browser's error (a HAR's `_error`, a NetLog's net error name).
    case failed(String)
    /// A redirect hop no request followed: to a web URL (the app cancelled it, or the export ends), or to a
    /// custom scheme, which a browser does not fetch (a HAR).
    case redirectNotFollowed(toWebURL: Bool)
    /// A redirect the browser did not follow (a NetLog: a custom scheme, or cancelled).
    case redirectNotFollowedByBrowser
    /// The drained bridge queue was not a JSON array.
    case drainedQueueNotArray
    /// The page had no queue of this protocol to drain.
    case noQueueToDrain(BridgeProtocol)
    /// Draining failed: the engine's words, when it gave them.
    case drainFailed(String?)
    /// The host stopped before the queue was drained.
    case stoppedBeforeDrained
}
