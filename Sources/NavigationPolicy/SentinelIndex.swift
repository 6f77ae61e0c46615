// SentinelIndex.swift: the sentinels compiled for a decision's lookup, by redirect-URI host and then path.
// One array of compiled sentinels holds them twice: first grouped by host (file order within a host), then
// grouped again by host and path (file order within a path; hosts with a trailingSlash rule left out). A
// decision reads its candidates as a range of this one array: slicing nested arrays retained two arrays
// and a key table per decision (atomic increments and decrements). A host with many paths (rules made from
// a large recording) keeps a table of them, so a decision stays one lookup however many sentinels there are.
import BrowserURL

/// A compiled sentinel: the rule and its comparison key, shared by reference so a decision copies nothing.
final class CompiledSentinel: Sendable {
    let rule: SentinelRule
    let key: SentinelKey
    /// The rule's `require` and `forbid` names as response fields, in the rule's order, when every one of
    /// them is a field (code, state, error, …: the usual case). A decision then answers them from the
    /// fields already found in one pass, not with a scan of the pairs per name; nil: some name is not a field.
    let requiredFields: [ResponseFields.Name]?
    let forbiddenFields: [ResponseFields.Name]?
    init(_ rule: SentinelRule) {
        self.rule = rule
        key = SentinelKey(rule.redirectURI)
        requiredFields = ResponseFields.Name.all(rule.require)
        forbiddenFields = ResponseFields.Name.all(rule.forbid)
    }

    /// The first required name the response lacks, in the rule's order, or nil.
    func firstLacking(_ parameters: FormParameters, _ fields: ResponseFields) -> String? {
        if let requiredFields { return requiredFields.first { fields[$0] == nil }?.parameter }
        return rule.require.first { !parameters.contains($0) }
    }

    /// The first forbidden name the response has, in the rule's order, or nil.
    func firstForbidden(_ parameters: FormParameters, _ fields: ResponseFields) -> String? {
        if let forbiddenFields { return forbiddenFields.first { fields[$0] != nil }?.parameter }
        return rule.forbid.first(where: parameters.contains)
    }
}

struct SentinelIndex: Sendable {
    /// How many paths of a host a decision compares one by one before a table is kept for them.
    static let scannedPaths = 16

    /// The compiled sentinels, grouped twice as above.
    let list: [CompiledSentinel]
    /// Per host group (in `hostKeys` order), its sentinels in `list`.
    let hostRanges: [Range<Int>]
    /// The hosts, for a byte lookup. A rules file names a handful, so a scan comparing the URL's host bytes
    /// beats hashing a String made for the lookup.
    let hostKeys: ComponentKeys
    /// Every sentinel path, for a byte lookup; per host group, its paths (as indices into these keys) each
    /// with the sentinels on that host and path in `list`. A decision tries only those: it looks the URL's
    /// path up once, then among its host's few paths.
    let pathKeys: ComponentKeys
    let pathEntries: [(path: Int, sentinels: Range<Int>)]
    /// Per host group, its entries in `pathEntries`; nil for a group with a trailingSlash rule, whose
    /// candidates span two paths: all of the host's sentinels are tried, in file order.
    let hostPaths: [Range<Int>?]
    /// For a host group with many paths: its entry in `pathEntries` by path (a host's few paths are scanned).
    let entryByPath: [Int: [Int: Int]]
    /// Each sentinel's index in the rules by its name (the first, when names repeat): what a decision's
    /// `rule` names, found without comparing names.
    let byName: [String: Int]

    init(_ sentinels: [SentinelRule]) {
        var byName: [String: Int] = [:]
        for (index, rule) in sentinels.enumerated() where byName[rule.name] == nil { byName[rule.name] = index }
        self.byName = byName
        // Grouped through dictionaries (linear in the rules, however many hosts and paths), kept in file order.
        var hosts: [String] = [], hostIndex: [String: Int] = [:], byHost: [[CompiledSentinel]] = []
        for sentinel in sentinels {
            let host = sentinel.redirectURI.hostname
            if let index = hostIndex[host] {
                byHost[index].append(CompiledSentinel(sentinel))
            } else {
                hostIndex[host] = hosts.count
                hosts.append(host)
                byHost.append([CompiledSentinel(sentinel)])
            }
        }
        var list: [CompiledSentinel] = [], hostRanges: [Range<Int>] = []
        for group in byHost {
            hostRanges.append(list.count..<list.count + group.count)
            list += group
        }
        var paths: [String] = [], pathIndex: [String: Int] = [:]
        var pathEntries: [(path: Int, sentinels: Range<Int>)] = [], hostPaths: [Range<Int>?] = []
        for group in byHost {
            if group.contains(where: { $0.rule.trailingSlash }) { hostPaths.append(nil); continue }
            var order: [Int] = [], onPath: [Int: [CompiledSentinel]] = [:]
            for sentinel in group {
                let pathname = sentinel.key.pathname
                let path = pathIndex[pathname] ?? paths.count
                if path == paths.count { pathIndex[pathname] = path; paths.append(pathname) }
                if onPath[path] == nil { order.append(path) }
                onPath[path, default: []].append(sentinel)
            }
            let first = pathEntries.count
            for path in order {
                let sentinels = onPath[path, default: []]
                pathEntries.append((path, list.count..<list.count + sentinels.count))
                list += sentinels
            }
            hostPaths.append(first..<pathEntries.count)
        }
        var entryByPath: [Int: [Int: Int]] = [:]
        for (group, entries) in hostPaths.enumerated() {
            guard let entries, entries.count > Self.scannedPaths else { continue }
            var table: [Int: Int] = [:]
            for entry in entries { table[pathEntries[entry].path] = entry }
            entryByPath[group] = table
        }
        self.entryByPath = entryByPath
        self.list = list
        self.hostRanges = hostRanges
        hostKeys = ComponentKeys(hosts)
        pathKeys = ComponentKeys(paths)
        self.pathEntries = pathEntries
        self.hostPaths = hostPaths
    }
}
