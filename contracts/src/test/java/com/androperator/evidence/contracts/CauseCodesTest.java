package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CauseCodesTest {

    @ParameterizedTest
    @CsvSource({
            "'write failed: No space left on device', ENOSPC, true",
            "'/b/clip.partial.mp4: File too large', EFBIG, true",
            "'disk quota exceeded', EDQUOT, true",
            "'Read-only file system', EROFS, false",
            "'Input/output error', EIO, false",
            "'the device went away', EIO, false",
            "'rmdir: Directory not empty', ENOTEMPTY, false",
            "'Invalid argument', EINVAL, false",
    })
    void theOneTableNamesEachCauseAndWhetherStorageIsExhausted(String text, String code, boolean exhausted) {
        assertThat(CauseCodes.codeOf(text)).isEqualTo(code);
        assertThat(CauseCodes.isStorageExhausted(code)).isEqualTo(exhausted);
        assertThat(CauseCodes.exhaustionInText(text).map(CauseCodes.Cause::code)).isEqualTo(
                exhausted ? java.util.Optional.of(code) : java.util.Optional.empty());
    }

    @ParameterizedTest
    @CsvSource({"ENOSPC, No space left on device", "EFBIG, File too large", "EIO, Input/output error",
            "ENOTEMPTY, Directory not empty", "EINVAL, Invalid argument", "EBADMSG, Bad message"})
    void eachCodeHasItsStrerrorText(String code, String text) {
        assertThat(CauseCodes.strerror(code)).contains(text);
    }

    @org.junit.jupiter.api.Test
    void theTerminalBundleCauseIsNoErrnoAndMatchesNoText() {
        assertThat(CauseCodes.strerror(CauseCodes.ETERMINAL)).isEmpty();
        assertThat(CauseCodes.codeOf("ETERMINAL")).isEqualTo(CauseCodes.EIO);
    }
}
