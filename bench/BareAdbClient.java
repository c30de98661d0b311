import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The least a client needs for the reads of one capture, spoken straight to the adb server's
 * socket (smart-socket protocol: a 4-hex-digit length, the request, OKAY or FAIL): the device
 * list, {@code dumpsys display}, {@code exec:screencap -p} read to its end, one logcat reader
 * for the Operator's answers to the readiness ping and the snapshot, then getprop, wm size,
 * wm density, dumpsys input and dumpsys package as one shell command, each followed by an echo of
 * its status, as the capture sends them to a shell v2 device (adapters-adb CommandsTogether). No
 * checks, no parsing beyond finding the answer's last line, no files: the floor a capture is
 * compared with.
 */
final class BareAdbClient {
    private static final Pattern CHUNK = Pattern.compile("\"index\":(\\d+),\"count\":(\\d+)");
    private static final String ACTION = "app.androperator.operator.ACTION_AGENT_COMMAND";

    private final int port;
    private final String serial;
    private final String operatorPackage;
    private long screenshotBytes;

    BareAdbClient(int port, String serial, String operatorPackage) {
        this.port = port;
        this.serial = serial;
        this.operatorPackage = operatorPackage;
    }

    long screenshotBytes() {
        return screenshotBytes;
    }

    void capture() {
        try {
            host("host:devices-l");
            read("shell:dumpsys display");
            screenshotBytes = read("exec:screencap -p").length;
            try (Socket logcat = service("shell:logcat -v time -T 1")) {
                LineReader lines = new LineReader(logcat.getInputStream());
                lines.next(); // the reader is attached once its first line arrives
                String id = "bare-" + System.nanoTime();
                operator(lines, id + "-readiness", "doctor_ping", "h1");
                operator(lines, id + "-snapshot", "snapshot_ui", "snap");
            }
            read("shell:getprop; echo @0@$?; wm size; echo @1@$?; wm density; echo @2@$?; dumpsys input;"
                    + " echo @3@$?; dumpsys package " + operatorPackage + "; echo @4@$?");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The device list as text, for waiting until phones are online. */
    String devices() {
        try {
            return host("host:devices-l");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void operator(LineReader lines, String commandId, String type, String actionId) throws IOException {
        String payload = "{\"commandId\":\"" + commandId + "\",\"taskId\":\"" + commandId + "\",\"source\":\"bench\","
                + "\"expectedFormat\":\"android-ui-automator\",\"timeoutMs\":30000,"
                + "\"actions\":[{\"id\":\"" + actionId + "\",\"type\":\"" + type + "\"}]}";
        read("shell:am broadcast -a " + ACTION + " -p " + operatorPackage + " --es payload '" + payload
                + "' --receiver-foreground");
        for (String line = lines.next(); line != null; line = lines.next()) {
            if (!line.contains(commandId)) {
                continue;
            }
            if (line.contains("[Androperator-Result] ")) {
                return;
            }
            Matcher chunk = CHUNK.matcher(line);
            if (chunk.find() && Integer.parseInt(chunk.group(1)) + 1 == Integer.parseInt(chunk.group(2))) {
                return;
            }
        }
        throw new IOException("logcat ended before the answer to " + commandId);
    }

    private String host(String request) throws IOException {
        try (Socket socket = connect()) {
            send(socket, request);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] length = new byte[4];
            in.readFully(length);
            byte[] data = new byte[Integer.parseInt(new String(length, StandardCharsets.US_ASCII), 16)];
            in.readFully(data);
            return new String(data, StandardCharsets.UTF_8);
        }
    }

    private byte[] read(String service) throws IOException {
        try (Socket socket = service(service)) {
            return socket.getInputStream().readAllBytes();
        }
    }

    /** A connection switched to the device's transport with {@code service} opened on it. */
    private Socket service(String service) throws IOException {
        Socket socket = connect();
        try {
            send(socket, "host:transport:" + serial);
            send(socket, service);
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setTcpNoDelay(true);
        return socket;
    }

    private static void send(Socket socket, String request) throws IOException {
        byte[] bytes = request.getBytes(StandardCharsets.UTF_8);
        OutputStream out = socket.getOutputStream();
        out.write(String.format("%04x", bytes.length).getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
        byte[] status = socket.getInputStream().readNBytes(4);
        if (!new String(status, StandardCharsets.US_ASCII).equals("OKAY")) {
            throw new IOException(request + " was refused: " + new String(status, StandardCharsets.US_ASCII)
                    + new String(socket.getInputStream().readNBytes(200), StandardCharsets.UTF_8));
        }
    }

    /** Lines of a byte stream, without the per-character decoding of a Reader (logcat lines are long). */
    private static final class LineReader {
        private final InputStream in;
        private final byte[] buffer = new byte[64 * 1024];
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private int position;
        private int limit;

        LineReader(InputStream in) {
            this.in = in;
        }

        String next() throws IOException {
            line.reset();
            while (true) {
                if (position == limit) {
                    limit = in.read(buffer);
                    position = 0;
                    if (limit <= 0) {
                        limit = 0;
                        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
                    }
                }
                int start = position;
                while (position < limit && buffer[position] != '\n') {
                    position++;
                }
                line.write(buffer, start, position - start);
                if (position < limit) {
                    position++;
                    return line.toString(StandardCharsets.UTF_8);
                }
            }
        }
    }
}
