package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import org.junit.jupiter.api.Test;

class GetpropParserTest {

    @Test
    void readsOneLinePropertiesAndKeepsEmptyValues() {
        PropertyInventory inventory = GetpropParser.parse("""
                [dalvik.vm.heapsize]: [512m]
                [ro.build.version.release]: [14]
                [ro.build.version.sdk]: [34]
                [ro.kernel.qemu]: []
                [ro.product.manufacturer]: [Google]
                [ro.product.model]: [Pixel 8]
                """);

        assertThat(inventory.parseable()).isTrue();
        assertThat(inventory.properties())
                .containsEntry("ro.build.version.release", "14")
                .containsEntry("ro.build.version.sdk", "34")
                .containsEntry("ro.kernel.qemu", "")
                .containsEntry("ro.product.model", "Pixel 8")
                .hasSize(6);
    }

    @Test
    void aValueSpansLinesUntilItsClosingBracket() {
        PropertyInventory inventory = GetpropParser.parse("""
                [a.first]: [1]
                [persist.sys.banner]: [line one
                line [two] and
                three]
                [ro.boot.qemu]: [0]
                """);

        assertThat(inventory.parseable()).isTrue();
        assertThat(inventory.properties())
                .containsEntry("persist.sys.banner", "line one\nline [two] and\nthree")
                .containsEntry("ro.boot.qemu", "0")
                .containsEntry("a.first", "1");
    }

    @Test
    void aBracketInsideALineStaysInTheValue() {
        PropertyInventory inventory = GetpropParser.parse("[ro.x]: [a]b [c]]\n[ro.y]: [2]");

        assertThat(inventory.properties()).containsEntry("ro.x", "a]b [c]").containsEntry("ro.y", "2");
        assertThat(inventory.parseable()).isTrue();
    }

    @Test
    void crlfFromALegacyShellPtyIsNotPartOfValues() {
        PropertyInventory inventory = GetpropParser.parse("[ro.a]: [1]\r\n[ro.b]: [two\r\nlines]\r\n");

        assertThat(inventory.properties()).containsEntry("ro.a", "1").containsEntry("ro.b", "two\nlines");
        assertThat(inventory.parseable()).isTrue();
    }

    @Test
    void emptyOutputIsAParseableEmptyListing() {
        PropertyInventory inventory = GetpropParser.parse("\n");

        assertThat(inventory.parseable()).isTrue();
        assertThat(inventory.properties()).isEmpty();
    }

    @Test
    void outputThatIsNoListingIsUnparseable() {
        PropertyInventory inventory = GetpropParser.parse("/system/bin/sh: getprop: inaccessible or not found\n");

        assertThat(inventory.parseable()).isFalse();
        assertThat(inventory.properties()).isEmpty();
    }

    @Test
    void aStrayLineMakesTheListingUnparseableButKeepsWhatWasRead() {
        PropertyInventory inventory = GetpropParser.parse("[ro.a]: [1]\nWARNING: linker: something\n[ro.b]: [2]\n");

        assertThat(inventory.parseable()).isFalse();
        assertThat(inventory.properties()).containsEntry("ro.a", "1").containsEntry("ro.b", "2");
    }

    @Test
    void aValueThatRunsIntoTheNextPropertyIsMalformed() {
        PropertyInventory inventory = GetpropParser.parse("[ro.a]: [x] junk\n[ro.b]: [y]\n");

        assertThat(inventory.parseable()).isFalse();
        assertThat(inventory.properties()).doesNotContainKey("ro.a").containsEntry("ro.b", "y");
    }

    @Test
    void aValueThatNeverClosesIsMalformed() {
        PropertyInventory inventory = GetpropParser.parse("[ro.a]: [1]\n[ro.cut]: [half a val");

        assertThat(inventory.parseable()).isFalse();
        assertThat(inventory.properties()).containsEntry("ro.a", "1").doesNotContainKey("ro.cut");
    }
}
