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
// argument "${step.field}" is that earlier step's structuredContent field (e.g. a sessionId), or
// for a resources step its result's field (e.g. nextCursor); inside a longer string it is
// replaced in place. "${link:step:file}" is the uri of the resource_link named file that the
// earlier step's result carried (following a link as a client would). A step with "method"
// "resources/list", "resources/templates/list" or "resources/read" sends that request with
// "arguments" as its params; its result, or its JSON-RPC error code and data, go to the report.
// Every outcome records responseBytes, the result's size as JSON (a resources step also elapsedMs,
// a figure to report, never asserted). "resources/subscribe" and
// "resources/unsubscribe" are sent the same way. Two steps act without a request: "write"
// {"path", "text"} writes a file (the test standing in for another process, such as a video
// worker finishing its manifest), and "awaitUpdate" {"uri", "timeoutMs"} waits until a
// notifications/resources/updated for that uri has arrived (reported as updated: true|false).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { writeFileSync } from "node:fs";

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
const links = {};
const updates = [];
let updated = () => {};
client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
  updates.push(notification.params.uri);
  updated();
});

async function awaitUpdate(uri, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!updates.includes(uri) && Date.now() < deadline) {
    await new Promise((resolve) => {
      updated = resolve;
      setTimeout(resolve, Math.max(0, deadline - Date.now()));
    });
  }
  return updates.includes(uri);
}

function substituted(value) {
  if (typeof value === "string") {
    const link = /^\$\{link:(\w+):([\w.\-]+)\}$/.exec(value);
    if (link) {
      return links[link[1]]?.find((item) => item.name === link[2])?.uri;
    }
    const reference = /^\$\{(\w+)\.(\w+)\}$/.exec(value);
    if (reference) {
      return earlier[reference[1]]?.[reference[2]];
    }
    return value.replace(/\$\{(\w+)\.(\w+)\}/g, (_, step, field) => String(earlier[step]?.[field]));
  }
  if (Array.isArray(value)) {
    return value.map(substituted);
  }
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, substituted(inner)]));
  }
  return value;
}

async function toolStep(step) {
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
    outcome.links = result.content?.filter((part) => part.type === "resource_link") ?? [];
    links[step.name] = outcome.links;
    outcome.images = result.content?.filter((part) => part.type === "image") ?? [];
    outcome.responseBytes = Buffer.byteLength(JSON.stringify(result));
  } catch (error) {
    outcome.validated = false;
    outcome.error = String(error?.message ?? error);
  }
  if (step.progress) {
    outcome.progress = progress;
  }
  return outcome;
}

async function resourceStep(step) {
  const outcome = { name: step.name, method: step.method };
  const params = substituted(step.arguments ?? {});
  const started = performance.now();
  outcome.params = params;
  try {
    if (step.method === "write") {
      writeFileSync(params.path, params.text);
      return outcome;
    }
    if (step.method === "awaitUpdate") {
      outcome.updated = await awaitUpdate(params.uri, params.timeoutMs);
      return outcome;
    }
    const result = step.method === "resources/list" ? await client.listResources(params)
      : step.method === "resources/templates/list" ? await client.listResourceTemplates(params)
      : step.method === "resources/subscribe" ? await client.subscribeResource(params)
      : step.method === "resources/unsubscribe" ? await client.unsubscribeResource(params)
      : await client.readResource(params);
    outcome.result = result;
    outcome.elapsedMs = Math.round(performance.now() - started);
    earlier[step.name] = result;
    outcome.responseBytes = Buffer.byteLength(JSON.stringify(result));
  } catch (error) {
    outcome.errorCode = error?.code ?? null;
    outcome.errorData = error?.data ?? null;
    outcome.error = String(error?.message ?? error);
  }
  return outcome;
}

try {
  await client.connect(transport);
  report.serverVersion = client.getServerVersion();
  report.instructions = client.getInstructions() ?? null;
  report.capabilities = client.getServerCapabilities();
  const listed = await client.listTools();
  report.tools = listed.tools;
  for (const step of config.steps) {
    report.steps.push(step.method ? await resourceStep(step) : await toolStep(step));
  }
} catch (error) {
  report.fatal = String(error?.stack ?? error);
} finally {
  await client.close().catch(() => {});
}
process.stdout.write(JSON.stringify(report) + "\n");
