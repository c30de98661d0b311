package com.androperator.evidence.mcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import javax.imageio.stream.ImageInputStreamImpl;

/**
 * An image input read straight from an open file channel. ImageIO's own streams over an
 * InputStream cache what they read, in a temporary file (a copy of a 64 MiB screenshot written to
 * disk) or in memory (all of it held); seeking the channel needs neither.
 */
final class ChannelImageInput extends ImageInputStreamImpl {
    private final SeekableByteChannel channel;

    ChannelImageInput(SeekableByteChannel channel) {
        this.channel = channel;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) <= 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        checkClosed();
        bitOffset = 0;
        if (length == 0) {
            return 0;
        }
        channel.position(streamPos);
        int read = channel.read(ByteBuffer.wrap(bytes, offset, length));
        if (read > 0) {
            streamPos += read;
        }
        return read;
    }

    @Override
    public long length() {
        try {
            return channel.size();
        } catch (IOException e) {
            return -1;
        }
    }
}
