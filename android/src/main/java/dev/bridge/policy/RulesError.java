// RulesError.java: a rules file that cannot be used: where (the key path, "sentinels[1].redirectURI"; empty
// for the whole file) and what (a RulesProblem, by the Swift engine's code), with the file's other problems:
// the loader reports every problem at once, as the Swift one does. Its message is the code alone (as the Swift
// RulesError's description is the case alone): the key path is a field, for whoever shows it masked.
package dev.bridge.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public final class RulesError extends Exception {
    private static final long serialVersionUID = 1L;

    public final String keyPath;
    public final RulesProblem problem;
    private final List<RulesError> others = new ArrayList<>();

    RulesError(String keyPath, RulesProblem problem) {
        // The code alone: a key path is made of the file's keys, which may be a credential, and an app logs exceptions.
        super(problem.code, null, false, false);
        this.keyPath = keyPath;
        this.problem = problem;
    }

    /** The file's other problems, in the order they were found. */
    public List<RulesError> others() { return Collections.unmodifiableList(others); }

    /** This problem and its others, each alone. */
    public List<RulesError> all() {
        List<RulesError> all = new ArrayList<>();
        all.add(this);
        all.addAll(others);
        return all;
    }

    /** The first of `problems` with the rest as its others; none when the list is empty. */
    static void throwAll(List<RulesError> problems) throws RulesError {
        if (problems.isEmpty()) return;
        RulesError first = problems.get(0);
        first.others.addAll(problems.subList(1, problems.size()));
        throw first;
    }
}
