package com.androperator.evidence.simulator.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.simulator.shell.ServiceRequest.OutputMode;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ServiceRequestTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "exec:screencap '-p'|EXEC|screencap '-p'",
        "shell:getprop ro.build.version.sdk|SHELL|getprop ro.build.version.sdk",
        "shell,v2,TERM=xterm,raw:getprop|SHELL_V2|getprop",
        "shell,v2,raw:echo a:b|SHELL_V2|echo a:b",
        "shell,raw:id|SHELL|id",
        "shell:|SHELL|''",
    })
    void parsesModeAndCommand(String service, OutputMode mode, String command) {
        ServiceRequest request = ServiceRequest.parse(service).orElseThrow();

        assertThat(request.mode()).isEqualTo(mode);
        assertThat(request.command()).isEqualTo(command.equals("''") ? "" : command);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync:", "tcpip:5555", "shellx:id", "framebuffer:", "shell"})
    void otherServicesAreNotShellLike(String service) {
        assertThat(ServiceRequest.parse(service)).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void keepsV2Options() {
        assertThat(ServiceRequest.parse("shell,v2,TERM=xterm-256color,pty:top").orElseThrow().options())
                .isEqualTo(List.of("v2", "TERM=xterm-256color", "pty"));
    }
}
