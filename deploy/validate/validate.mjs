// Validates rendered manifests (stdin, multi-document YAML) against the Kubernetes API's JSON schemas bundled in
// the npm package kubernetes-models, offline. Exit 1 on the first invalid resource, naming it and the error.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(process.cwd() + "/");
const YAML = require("yaml");
const docs = YAML.parseAllDocuments(readFileSync(0, "utf8")).map(d => d.toJS()).filter(Boolean);
let bad = 0;
for (const doc of docs) {
  const [group, version] = doc.apiVersion.includes("/") ? doc.apiVersion.split("/") : ["", doc.apiVersion];
  const module = `kubernetes-models/${group === "" ? "v1" : group + "/" + version}/${doc.kind}`;
  const Model = require(module)[doc.kind];
  try {
    new Model(doc).validate();
    console.log(`valid   ${doc.kind}/${doc.metadata.name} (${doc.apiVersion})`);
  } catch (e) {
    bad++;
    console.log(`INVALID ${doc.kind}/${doc.metadata.name}: ${e.message}`);
  }
}
console.log(`${docs.length} resources, ${bad} invalid`);
process.exit(bad ? 1 : 0);
