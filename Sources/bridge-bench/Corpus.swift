// Corpus.swift: the benchmark's URLs: Fixtures/corpus/oauth_urls.txt when present (or --corpus),
// otherwise 10,000 generated from a fixed seed in the same twelve shapes (query code + state, fragment
// tokens, id_token JWTs, reset-password deep links, janrain:accessToken, IDN hosts, upper case and
// "../", trailing spaces, OAuth errors, magic links, loopback ports, Expo-style schemes).
import SeededRandom
import Foundation

struct Corpus {
    let urls: [String]
    let source: String

    static func load(explicitPath: String?) -> Corpus {
        let candidates = explicitPath.map { [$0] } ?? ["Fixtures/corpus/oauth_urls.txt"]
        for path in candidates {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                let urls = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
                return Corpus(urls: urls, source: path)
            }
            if explicitPath != nil {
                FileHandle.standardError.write(Data("bridge-bench: cannot read \(path); using a generated corpus\n".utf8))
            }
        }
        return Corpus(urls: generate(count: 10_000, seed: 0x0A07_2026), source: "the generator (seed 0x0A072026)")
    }

    static func generate(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(state: seed)
        let hosts = ["example.com:8443", "m.example.jp", "localhost:8080", "127.0.0.1:3000", "app.example.com",
                     "login.acme-corp.co.uk", "bücher.example", "例え.jp"]
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        func token(_ n: Int) -> String { String((0..<n).map { _ in alphabet.randomElement(using: &rng)! }) }
        var urls: [String] = []
        for i in 0..<count {
            let host = hosts.randomElement(using: &rng)!
            switch i % 12 {
            case 0: urls.append("https://\(host)/oauth/callback?code=\(token(32))&state=\(token(16))")
            case 1: urls.append("https://\(host)/auth/callback#access_token=\(token(40))&token_type=Bearer&expires_in=3600&state=\(token(32))")
            case 2: urls.append("https://\(host)/cb#id_token=eyJ\(token(30)).eyJ\(token(120)).\(token(43))&state=\(token(16))")
            case 3: urls.append("myapp://reset-password?token=\(token(48))&email=user%40example.com")
            case 4: urls.append("janrain:accessToken=\(token(40))")
            case 5: urls.append("https://\(["bücher.example", "例え.jp", "пример.рф"].randomElement(using: &rng)!)/callback?code=\(token(20))")
            case 6: urls.append("HTTPS://\(host.uppercased())/a/../password_reset.php?code=\(token(20))")
            case 7: urls.append("  https://\(host)/callback?code=\(token(24))&state=\(token(16))  ")
            case 8: urls.append("https://\(host)/callback?error=access_denied&error_description=The+user+denied&state=\(token(16))")
            case 9: urls.append("https://\(host)/magic-link/verify?token=\(token(64))&email=user@example.com&redirect_to=/dashboard")
            case 10: urls.append("http://localhost:5173/callback?code=\(token(40))&state=\(token(32))&iss=https%3A%2F%2Faccounts.example.com")
            default: urls.append("exp+myapp://reset-password?token=\(token(48))&email=user%40example.com")
            }
        }
        return urls
    }
}

