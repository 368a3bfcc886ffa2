// Lint Cypher with Neo4j's own parser and semantic analysis (@neo4j-cypher/language-support), as
// Cypher 5, against the Neo4j 5 function and procedure catalogue the package ships: a query Neo4j
// would reject, or one calling something Neo4j lacks (a FalkorDB-only vecf32, say), is reported.
// stdin: [{"name": "...", "text": "..."}]; stdout: [{"name", "errors": [...], "warnings": [...]}].
const ls = require("@neo4j-cypher/language-support");

const catalogue = ls.testData.mockSchema;
const dbSchema = {
  functions: catalogue.functions,
  procedures: catalogue.procedures,
  defaultLanguage: "CYPHER 5",
};
// Parameters are supplied at run time; the linter only knows those of an interactive session.
const undefinedParameter = /^Parameter \$\w+ is not defined/;

let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const results = JSON.parse(input).map(({ name, text }) => {
    const { diagnostics } = ls.lintCypherQuery(text, dbSchema);
    const relevant = diagnostics.filter((d) => !undefinedParameter.test(d.message));
    const describe = (d) => `${d.message} (line ${d.range.start.line + 1})`;
    return {
      name,
      errors: relevant.filter((d) => d.severity === 1).map(describe),
      warnings: relevant.filter((d) => d.severity !== 1).map(describe),
    };
  });
  process.stdout.write(JSON.stringify(results));
});
