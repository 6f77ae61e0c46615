// JSONLinesRecipesTests.swift: the JSON Lines article's jq recipes, read from the article and run as it writes
// them (through bash, from the repository's root, with the built `bridge` first on PATH), each answer held to what
// the test reads in the same command's lines; and schema 2's promise beneath them: a finding is a line of its
// own, right after the navigation or call that names its id.
import TestSupport
import Foundation
import Testing

@Suite(.blockingWork, .enabled(if: Tools.jq, "jq runs the article's recipes (.ci/setup installs it)"))
struct JSONLinesRecipesTests {
    /// One recipe: its comment and its command line (`bridge …  | jq …`).
    struct Recipe: CustomStringConvertible {
        var comment: String
        var command: String
        var description: String { comment }
        /// The words of the `bridge` part, for the test's own run (the recipes quote nothing there).
        var bridgeArguments: [String] { command.components(separatedBy: " | ")[0].split(separator: " ").dropFirst().map(String.init) }
    }

    /// The recipes of the article's "Recipes" block, in order.
    static let recipes: [Recipe] = {
        let article = (try? String(contentsOfFile: Repository.path("Sources/CommandOutput/CommandOutput.docc/JSONLines.md"), encoding: .utf8)) ?? ""
        let block = article.components(separatedBy: "#### Recipes").dropFirst().first?.components(separatedBy: "```sh\n").dropFirst().first?
            .components(separatedBy: "```").first ?? ""
        var recipes: [Recipe] = [], comment = ""
        for line in block.split(separator: "\n").map(String.init) {
            if line.hasPrefix("# ") { comment = String(line.dropFirst(2)) } else if line.hasPrefix("bridge ") { recipes.append(Recipe(comment: comment, command: line)) }
        }
        return recipes
    }()

    /// The recipe's output, run as a reader would run it, as JSON values (one a line).
    static func answer(_ recipe: Recipe) throws -> [Any] {
        let bin = try #require(BridgeProcess.executable).deletingLastPathComponent().path
        let run = try BridgeProcess.run(executable: URL(fileURLWithPath: "/bin/bash"), ["-o", "pipefail", "-c", recipe.command],
                                        environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")],
                                        directory: Repository.root)
        #expect(!run.stderr.contains("jq: "), "\(recipe): \(run.stderr)")
        return run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
    }

    /// The lines the recipe's `bridge` part prints, read by the test.
    static func lines(_ recipe: Recipe) throws -> [[String: Any]] {
        JSONLines.objects(try BridgeProcess.run(recipe.bridgeArguments, directory: Repository.root).stdout)
    }

    static func same(_ a: [Any], _ b: [Any]) -> Bool { (a as NSArray).isEqual(to: b) }

    @Test func theArticleHasItsFourRecipes() {
        #expect(Self.recipes.map(\.comment) == ["The cancelled navigations, with their URL and rule.", "Every error finding, whatever found it.",
                                               "Findings counted by code.", "One engine's run of a page run in both."])
    }

    @Test("the cancelled navigations")
    func cancelled() throws {
        let recipe = try #require(Self.recipes.first)
        let expected: [Any] = try Self.lines(recipe).filter { $0["type"] as? String == "navigation" && $0["decision"] as? String == "cancel" }
            .map { ["seq": $0["seq"] ?? NSNull(), "url": $0["url"] ?? NSNull(), "rule": $0["rule"] ?? NSNull()] }
        let answer = try Self.answer(recipe)
        #expect(!expected.isEmpty && Self.same(answer, expected), "\(answer)")
    }

    @Test("every error finding, nested findings included")
    func errorFindings() throws {
        let recipe = Self.recipes[1]
        let lines = try Self.lines(recipe)
        let expected: [Any] = lines.filter { $0["type"] as? String == "finding" && $0["severity"] as? String == "error" }
            .map { ["id": $0["id"] ?? NSNull(), "code": $0["code"] ?? NSNull(), "message": $0["message"] ?? NSNull()] }
        let summary = try #require(lines.last { $0["type"] as? String == "log-summary" })
        let answer = try Self.answer(recipe)
        #expect(Self.same(answer, expected), "\(answer)")
        #expect(answer.count == (summary["findingCounts"] as? [String: Int])?["error"], "every error the summary counts")
    }

    @Test("findings counted by code")
    func countedByCode() throws {
        let recipe = Self.recipes[2]
        let findings = try Self.lines(recipe).filter { $0["type"] as? String == "finding" }.compactMap { $0["code"] as? String }
        let expected: [Any] = [Dictionary(grouping: findings, by: { $0 }).sorted { $0.key < $1.key }.map { ["code": $0.key, "count": $0.value.count] }]
        let answer = try Self.answer(recipe)
        #expect(findings.count > 1 && Self.same(answer, expected), "\(answer)")
    }

    @Test("one engine's lines of a run in both", .blockingWork(sharing: BlockingWork.webViewSlots),
          .enabled(if: WebKitAvailability.available && Chromium.executable != nil, "the page runs in WebKit and Chromium"))
    func oneEngine() throws {
        let recipe = Self.recipes[3]
        let answer = try Self.answer(recipe).compactMap { $0 as? [String: Any] }
        #expect(answer.contains { $0["type"] as? String == "navigation" } && answer.contains { $0["type"] as? String == "dialog" }, "\(answer)")
        #expect(answer.allSatisfy { $0["engine"] as? String == "chromium" }, "\(answer)")
    }

    @Test("a finding is a line of its own: right after the navigation or call whose findings name its id, SEQ.N")
    func findingsFollowTheirNavigation() throws {
        let run = try BridgeProcess.run(["replay", "--rules", "Fixtures/rules/bridges.json", "--format", "json", "Fixtures/logs/bridge-bad-entries.navlog"],
                                        directory: Repository.root)
        let lines = JSONLines.objects(run.stdout)
        var named = 0
        for (index, line) in lines.enumerated() where ["navigation", "call"].contains(line["type"] as? String ?? "") {
            let ids = try #require(line["findings"] as? [String])
            let seq = try #require(line["seq"] as? Int)
            let following = lines.dropFirst(index + 1).prefix(ids.count)
            #expect(ids == ids.indices.map { "\(seq).\($0)" })
            #expect(following.map { $0["type"] as? String } == Array(repeating: "finding", count: ids.count))
            #expect(following.map { $0["id"] as? String } == ids.map(Optional.some) && following.allSatisfy { $0["seq"] as? Int == seq })
            named += ids.count
        }
        let findings = lines.filter { $0["type"] as? String == "finding" }
        let counts = try #require(lines.last?["findingCounts"] as? [String: Int])
        #expect(named > 5 && findings.count == counts.values.reduce(0, +))
        #expect(findings.filter { $0.has("id") }.count == named, "every finding a line names, and only those, has an id")
    }
}
