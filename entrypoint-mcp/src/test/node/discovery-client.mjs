// Drives androperator-mcp with the official MCP TypeScript SDK's client, as an MCP host would:
// the server's command, arguments and environment come from one JSON argument (what a client's
// configuration holds), and each step's outcome goes into one JSON report on stdout, which
// McpTypeScriptClientTest judges. The SDK's client validates every structured result against
// the tool's outputSchema from tools/list (callTool throws when it does not match), so a step
// that returns at all has passed that check.
//
//   node discovery-client.mjs '{"command":..., "args":[...], "env":{...}, "cwd":..., "steps":[...]}'
//
// A step is {"name": label, "tool": ..., "arguments": {...}, "progress": true|false}; with
// "progress" the call sends a progressToken and the report lists the notifications received. An
// argument "${step.field}" is that earlier step's structuredContent field (e.g. a sessionId).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const config = JSON.parse(process.argv[2]);
const report = { steps: [] };
const transport = new StdioClientTransport({
  command: config.command,
  args: config.args,
  env: config.env,
  cwd: config.cwd,
  stderr: "inherit",
});
const client = new Client({ name: "androperator-discovery-test", version: "0.1.0" });
const earlier = {};

function substituted(value) {
  if (typeof value === "string") {
    const reference = /^\$\{(\w+)\.(\w+)\}$/.exec(value);
    return reference ? earlier[reference[1]]?.[reference[2]] : value;
  }
  if (Array.isArray(value)) {
    return value.map(substituted);
  }
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, substituted(inner)]));
  }
  return value;
}

try {
  await client.connect(transport);
  report.serverVersion = client.getServerVersion();
  report.instructions = client.getInstructions() ?? null;
  report.capabilities = client.getServerCapabilities();
  const listed = await client.listTools();
  report.tools = listed.tools;
  for (const step of config.steps) {
    const outcome = { name: step.name, tool: step.tool };
    const progress = [];
    const options = { timeout: 170000 };
    if (step.progress) {
      options.onprogress = (notification) => progress.push(notification);
    }
    try {
      const result = await client.callTool({ name: step.tool, arguments: substituted(step.arguments) }, undefined,
        options);
      outcome.validated = true;
      outcome.isError = result.isError ?? false;
      outcome.structuredContent = result.structuredContent ?? null;
      earlier[step.name] = outcome.structuredContent;
      outcome.text = result.content?.filter((part) => part.type === "text").map((part) => part.text) ?? [];
    } catch (error) {
      outcome.validated = false;
      outcome.error = String(error?.message ?? error);
    }
    if (step.progress) {
      outcome.progress = progress;
    }
    report.steps.push(outcome);
  }
} catch (error) {
  report.fatal = String(error?.stack ?? error);
} finally {
  await client.close().catch(() => {});
}
process.stdout.write(JSON.stringify(report) + "\n");
