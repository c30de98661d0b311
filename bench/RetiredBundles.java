import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;

/**
 * Bundles a benchmark is done with, emptied and set aside in {@code out/retired} while it runs;
 * the benchmark's scripts delete them when they exit (bench-setup.sh's exit trap). Deleting them
 * at once made the captures after them pay for it: these hosts' root file system is ext4 without
 * a journal, where a new inode is found by walking past every inode of its block group deleted in
 * the last minute or more (`find_inode_bit` → `recently_deleted` in fs/ext4/ialloc.c), one
 * buffer-cache lookup each. The benchmark deleted 16 bundles, 80 inodes, a round in the server's
 * directory, so the server's file creations grew dear as a run went on (1.0-1.5 ms of a
 * concurrent capture's CPU in profiles) while the floor's, in a block group with fewer deletions,
 * grew less: a cost of the benchmark's cleaning, charged to the tool. Emptying the files
 * (truncation to zero) still frees their page-cache pages and blocks for the next captures to
 * reuse, as deleting them did (keeping the files whole made every write land in pages new to the
 * run, which cost more: docs/benchmarks.md, "Ninth pass"); only the inodes stay allocated until
 * the end. The server's bundles and the floor's are retired alike.
 */
final class RetiredBundles {
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
            // A directory of its own for each tree: another JVM may retire into the same place.
            Path retired = Files.createTempDirectory(Files.createDirectories(out.resolve("retired")), "r");
            Files.move(tree, retired.resolve(tree.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
