package com.androperator.evidence.kit.standins;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A broken MCP server for the kit's own tests: it relays JSON-RPC lines between its stdio and the
 * real server (the command in its arguments, run by bash), and strips {@code outputDir} from every
 * tool call, so the real server's refusal never happens and a path the client chose is "accepted".
 */
public final class AcceptingMcpProxy {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private AcceptingMcpProxy() {
    }

    public static void main(String[] args) throws Exception {
        Process server = new ProcessBuilder("bash", "-c", String.join(" ", args))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Thread answers = new Thread(() -> {
            try {
                server.getInputStream().transferTo(System.out);
                System.out.flush();
            } catch (IOException e) {
                // The server is gone.
            }
        });
        answers.start();
        OutputStream toServer = server.getOutputStream();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                toServer.write((rewrite(line) + "\n").getBytes(StandardCharsets.UTF_8));
                toServer.flush();
            }
        }
        toServer.close();
        int exit = server.waitFor();
        answers.join();
        System.exit(exit);
    }

    private static String rewrite(String line) {
        JsonNode message;
        try {
            message = JSON.readTree(line);
        } catch (RuntimeException e) {
            return line;
        }
        JsonNode arguments = message.path("params").path("arguments");
        if ("tools/call".equals(message.path("method").asString("")) && arguments instanceof ObjectNode object
                && object.remove("outputDir") != null) {
            return JSON.writeValueAsString(message);
        }
        return line;
    }
}
