import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Bundles a benchmark is done with, emptied and set aside in {@code out/retired} while it runs;
 * the benchmark's script deletes them when it ends. Deleting them at once made the captures after them pay for it: these
 * hosts' root file system is ext4 without a journal, where a new inode is found by walking past
 * every inode deleted in the last minute or more (`find_inode_bit` → `recently_deleted` in
 * fs/ext4/ialloc.c), one inode-table lookup each. The benchmark deleted 16 bundles, 80 inodes, a
 * round, so the server's file creations grew dear as a run went on (1.0-1.5 ms of a concurrent
 * capture's CPU in profiles) while the floor's, in a directory with fewer deletions, did not: a
 * cost of the benchmark's cleaning, charged to the tool. Emptying the files (truncation to zero)
 * still frees their page-cache pages and blocks for the next captures to reuse, as deleting them
 * did (keeping the files whole made every write land in pages new to the run, which cost more:
 * docs/benchmarks.md, "Ninth pass"); only the inodes stay allocated until the end. The server's
 * bundles and the floor's are retired alike.
 */
final class RetiredBundles {
    private static final AtomicLong NEXT = new AtomicLong();

    private RetiredBundles() {
    }

    /** Empties every file under {@code tree} and moves it into {@code out}/retired; nothing when it does not exist. */
    static void retire(Path tree, Path out) {
        if (!Files.exists(tree)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(tree)) {
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                try (FileChannel file = FileChannel.open(path, StandardOpenOption.WRITE)) {
                    file.truncate(0);
                }
            }
            Path retired = Files.createDirectories(out.resolve("retired"));
            Files.move(tree, retired.resolve("r" + NEXT.incrementAndGet()), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
