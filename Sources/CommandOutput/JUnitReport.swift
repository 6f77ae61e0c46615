// JUnitReport.swift: the one JUnit XML writer (Apache Ant's format, what CI systems show as test results;
// it validates against Fixtures/conformance/junit/JUnit.xsd). A producer gives suites of named cases,
// each passed, failed or in error, already masked; this writes the document: markup escaped, and
// control characters (not allowed in XML 1.0) shown as \u{…} after terminal escaping.

package struct JUnitReport: Sendable {
    package struct Suite: Sendable {
        package var name: String
        package var properties: [(name: String, value: String)]
        package var cases: [TestCase]
        package init(name: String, properties: [(name: String, value: String)] = [], cases: [TestCase] = []) {
            self.name = name
            self.properties = properties
            self.cases = cases
        }
    }

    package struct TestCase: Sendable {
        package enum Result: Sendable {
            case passed
            /// A test that ran and failed: its type (a check id), the first failure's message, and the
            /// body's lines.
            case failure(type: String, message: String, body: [String])
            /// A test that could not run (a bad input line).
            case error(type: String, message: String)
        }
        package var name: String
        /// Seconds.
        package var time: Double
        package var result: Result
        package init(name: String, time: Double, result: Result) {
            self.name = name
            self.time = time
            self.result = result
        }
    }

    /// The `package` attribute every suite carries (`bridge.test`).
    package var package: String
    package var suites: [Suite]

    package init(package: String, suites: [Suite]) {
        self.package = package
        self.suites = suites
    }

    /// The document. `timestamp` is ISO 8601 without a time zone (UTC), as the schema wants.
    package func xml(timestamp: String, hostname: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for (id, suite) in suites.enumerated() {
            var failures = 0, errors = 0
            var time = 0.0
            for testCase in suite.cases {
                time += testCase.time
                switch testCase.result {
                case .passed: break
                case .failure: failures += 1
                case .error: errors += 1
                }
            }
            let name = MarkupText.escaped(suite.name)
            out += "  <testsuite name=\"\(name)\" package=\"\(MarkupText.escaped(package))\" id=\"\(id)\" timestamp=\"\(timestamp)\" hostname=\"\(MarkupText.escaped(hostname))\""
                + " tests=\"\(suite.cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(Self.decimal(time))\">\n"
            out += "    <properties>\n"
            for property in suite.properties {
                out += "      <property name=\"\(MarkupText.escaped(property.name))\" value=\"\(MarkupText.escaped(property.value))\"/>\n"
            }
            out += "    </properties>\n"
            for testCase in suite.cases {
                let time: String
                if case .error = testCase.result { time = "0" } else { time = Self.decimal(testCase.time) }
                out += "    <testcase name=\"\(MarkupText.escaped(testCase.name))\" classname=\"\(name)\" time=\"\(time)\""
                switch testCase.result {
                case .passed:
                    out += "/>\n"
                case .failure(let type, let message, let body):
                    out += ">\n      <failure type=\"\(MarkupText.escaped(type))\" message=\"\(MarkupText.escaped(message))\">\(body.map(MarkupText.escaped).joined(separator: "\n"))</failure>\n    </testcase>\n"
                case .error(let type, let message):
                    out += ">\n      <error type=\"\(MarkupText.escaped(type))\" message=\"\(MarkupText.escaped(message))\"/>\n    </testcase>\n"
                }
            }
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        out += "</testsuites>"
        return out
    }

    /// Seconds as an xs:decimal with three places.
    package static func decimal(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
