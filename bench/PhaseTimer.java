import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.ByteSink;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.port.HierarchyVerifier;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.adapters.adb.AdbDeviceMetadata;
import com.androperator.evidence.adapters.adb.AdbDeviceSelector;
import com.androperator.evidence.adapters.adb.AdbOperatorGateway;
import com.androperator.evidence.adapters.adb.AdbScreenshotSource;
import com.androperator.evidence.adapters.adb.AdbServerClient;
import com.androperator.evidence.adapters.fs.FileBundleStore;
import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.adapters.media.XmlHierarchyVerifier;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Times the phases of a real capture by decorating the real adapters (the ones the api's
 * composition root wires) with dynamic proxies that record how long each port call took. Time is
 * self time: a call made inside another timed call on the same thread (the partial file's write
 * and the PNG check inside the screenshot transfer's byte sink) counts for its own phase only. The
 * screenshot call is split at its first byte: before it, {@code dumpsys display} chose the screen
 * (display query); after it, the PNG streamed (transfer). Calls on other threads (metadata read
 * while the Operator answers) are summed per phase, so phases may add up to more than the wall time.
 */
final class PhaseTimer {
    static final List<String> PHASES = List.of("device selection", "display query", "screenshot transfer",
            "PNG verification", "readiness", "snapshot", "XML verification", "metadata", "persistence");

    private final Map<String, AtomicLong> nanos = new ConcurrentHashMap<>();
    private final ThreadLocal<Deque<long[]>> nested = ThreadLocal.withInitial(ArrayDeque::new);

    /** The production adapters of CompositionRoot, each behind a timing proxy. */
    CaptureDependencies.Builder decorate(CaptureDependencies.Builder builder, Map<String, String> environment) {
        AdbServerClient adb = new AdbServerClient(environment);
        return builder
                .devices(wrap(DeviceSelector.class, new AdbDeviceSelector(adb)))
                .screenshots(wrap(ScreenshotSource.class, new AdbScreenshotSource(adb)))
                .operator(wrap(OperatorGateway.class, new AdbOperatorGateway(adb)))
                .metadata(wrap(DeviceMetadataSource.class, new AdbDeviceMetadata(adb)))
                .images(wrap(ImageVerifier.class, new PngVerifier()))
                .hierarchies(wrap(HierarchyVerifier.class, new XmlHierarchyVerifier()))
                .store(wrap(BundleStore.class, new FileBundleStore()));
    }

    /** Milliseconds per phase since the last call, in {@link #PHASES} order, then any other port call. */
    Map<String, Double> take() {
        Map<String, Double> millis = new LinkedHashMap<>();
        for (String phase : PHASES) {
            millis.put(phase, 0.0);
        }
        for (Map.Entry<String, AtomicLong> entry : nanos.entrySet()) {
            millis.put(entry.getKey(), entry.getValue().getAndSet(0) / 1e6);
        }
        return millis;
    }

    @SuppressWarnings("unchecked")
    private <T> T wrap(Class<T> port, T target) {
        return (T) Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port}, new Timed(port, target));
    }

    private void add(String phase, long elapsed) {
        nanos.computeIfAbsent(phase, key -> new AtomicLong()).addAndGet(elapsed);
    }

    private static String phaseOf(Class<?> port, Method method, Object[] args) {
        String name = port.getSimpleName();
        return switch (name) {
            case "DeviceSelector" -> "device selection";
            case "ScreenshotSource" -> "screenshot transfer";
            case "ImageVerifier", "ImageCheck" -> "PNG verification";
            case "HierarchyVerifier" -> "XML verification";
            case "DeviceMetadataSource" -> "metadata";
            case "BundleStore", "BundleWriter", "PartialFile" -> "persistence";
            case "OperatorGateway", "OperatorSession" -> {
                // The two Operator commands (one session per capture) differ by their action:
                // doctor_ping (readiness), snapshot_ui; opening and closing the session are their own rows.
                String arguments = args == null ? "" : java.util.Arrays.toString(args);
                yield arguments.contains("doctor_ping") ? "readiness"
                        : arguments.contains("snapshot_ui") ? "snapshot" : "operator " + method.getName();
            }
            default -> name + "." + method.getName();
        };
    }

    private final class Timed implements InvocationHandler {
        private final Class<?> port;
        private final Object target;

        Timed(Class<?> port, Object target) {
            this.port = port;
            this.target = target;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return method.invoke(target, args);
            }
            String phase = phaseOf(port, method, args);
            long started = System.nanoTime();
            long[] firstByte = {0};
            if (port == ScreenshotSource.class && args != null) {
                for (int i = 0; i < args.length; i++) {
                    if (args[i] instanceof ByteSink sink) {
                        args[i] = (ByteSink) (bytes, offset, length) -> {
                            if (firstByte[0] == 0) {
                                firstByte[0] = System.nanoTime();
                            }
                            return sink.accept(bytes, offset, length);
                        };
                    }
                }
            }
            Deque<long[]> stack = nested.get();
            long[] children = {0};
            stack.push(children);
            Object result;
            try {
                result = method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            } finally {
                stack.pop();
                long elapsed = System.nanoTime() - started;
                if (!stack.isEmpty()) {
                    stack.peek()[0] += elapsed;
                }
                long self = elapsed - children[0];
                if (firstByte[0] != 0) {
                    long beforeFirstByte = firstByte[0] - started;
                    add("display query", beforeFirstByte);
                    self -= beforeFirstByte;
                }
                add(phase, self);
            }
            return decorated(method, result);
        }

        /** Ports handed out by ports (the PNG check, the bundle writer and its partial files) are timed too. */
        private Object decorated(Method method, Object result) {
            if (result instanceof BundleStore.Reservation.Reserved reserved) {
                return new BundleStore.Reservation.Reserved(wrap(BundleWriter.class, reserved.writer()));
            }
            Class<?> type = method.getReturnType();
            if (result != null && type.isInterface() && type.getName().startsWith("com.androperator.evidence.domain.port.")
                    && !type.isSealed()) {
                return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, new Timed(type, result));
            }
            return result;
        }
    }
}
