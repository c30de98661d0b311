package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.Manifest;
import org.junit.jupiter.api.Test;

/** The capture process's JSON head start resolves the serializer of every document a capture writes. */
class JsonWarmUpTest {
    @Test
    void everyDocumentACaptureWritesHasItsSerializerResolved() {
        assertThat(JsonWarmUp.resolveSerializers()).containsExactly(CapturesFile.class, Manifest.class, CommandResult.class);
    }
}
