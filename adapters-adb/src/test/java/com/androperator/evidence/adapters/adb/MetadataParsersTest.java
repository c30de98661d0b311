package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmDensity;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MetadataParsersTest {

    @Test
    void inputViewportOfDisplayZeroGivesTheRotation() {
        String android12 = """
                INPUT MANAGER (dumpsys input)

                Input Manager State:
                  Interactive: true
                  Viewports:
                    Viewport INTERNAL: displayId=10, uniqueId=local:1, port=130, orientation=2, isActive=[true]
                    Viewport INTERNAL: displayId=0, uniqueId=local:4619827259835644672, port=129, orientation=1, logicalFrame=[0, 0, 2092, 1080], physicalFrame=[0, 0, 2092, 1080], deviceSize=[1080, 2092], isActive=[true]
                    Viewport INTERNAL: displayId=0, uniqueId=local:4619827259835644673, port=129, orientation=3, isActive=[true]
                      SurfaceOrientation: 0
                """;

        assertThat(InputRotationParser.rotation(android12)).contains(1);
    }

    @Test
    void theFoldedAwayScreensViewportIsSkipped() {
        String foldable = """
                  Viewports:
                    Viewport INTERNAL: displayId=0, uniqueId=local:1, port=1, orientation=0, isActive=[false]
                    Viewport INTERNAL: displayId=0, uniqueId=local:3, port=3, orientation=2, isActive=[0]
                    Viewport INTERNAL: displayId=0, uniqueId=local:2, port=2, orientation=3, isActive=[1]
                """;

        assertThat(InputRotationParser.rotation(foldable)).contains(3);
    }

    @Test
    void olderViewportLinesAndSurfaceOrientationWork() {
        assertThat(InputRotationParser.rotation("    Viewport: displayId=0, orientation=2, logicalFrame=[0, 0, 1, 1]\n"))
                .contains(2);
        assertThat(InputRotationParser.rotation("  Viewport: displayId=0, orientation=7\n      SurfaceOrientation: 1\r\n"))
                .contains(1);
        assertThat(InputRotationParser.rotation("    Touch Input Mapper:\n      SurfaceOrientation: 3\n"))
                .contains(3);
        assertThat(InputRotationParser.rotation("INPUT MANAGER (dumpsys input)\nnothing here\n")).isEmpty();
    }

    @Test
    void wmSizeAndDensityReturnPhysicalAndOverride() {
        assertThat(WmOutputParser.size("Physical size: 1080x2400\nOverride size: 720x1600\n"))
                .contains(new WmSize(new Size(1080, 2400), new Size(720, 1600)));
        assertThat(WmOutputParser.size("Physical size: 1080x2400\r\n"))
                .contains(new WmSize(new Size(1080, 2400), null));
        assertThat(WmOutputParser.density("Physical density: 420\nOverride density: 320\n"))
                .contains(new WmDensity(420, 320));
        assertThat(WmOutputParser.density("Physical density: 420\n")).contains(new WmDensity(420, null));
    }

    @Test
    void wmOutputWithoutAPositivePhysicalValueIsNothing() {
        assertThat(WmOutputParser.size("Override size: 720x1600\n")).isEmpty();
        assertThat(WmOutputParser.size("Physical size: 0x2400\n")).isEmpty();
        assertThat(WmOutputParser.size("cmd: Can't find service: window\n")).isEmpty();
        assertThat(WmOutputParser.density("Physical density: 0\n")).isEmpty();
    }

    @Test
    void theFirstVersionNameIsTheOperatorVersion() {
        String dump = """
                Packages:
                  Package [com.androperator.operator.dev] (5c1b2a):
                    versionCode=42 minSdk=26 targetSdk=34
                    versionName=0.12.1-dev
                  Hidden system packages:
                    versionName=0.1
                """;

        assertThat(PackageDumpParser.versionName(dump)).contains("0.12.1-dev");
        assertThat(PackageDumpParser.versionName("Unable to find package: com.x.y\n")).isEqualTo(Optional.empty());
    }

    @Test
    void pmListPackagesNeedsTheExactLine() {
        String pkg = "com.androperator.operator";
        assertThat(PackageDumpParser.listing("package:com.androperator.operator\n", pkg))
                .isEqualTo(PackageDumpParser.Listing.LISTED);
        assertThat(PackageDumpParser.listing("package:com.androperator.operator.dev\r\n", pkg))
                .isEqualTo(PackageDumpParser.Listing.NOT_LISTED);
        assertThat(PackageDumpParser.listing("", pkg)).isEqualTo(PackageDumpParser.Listing.NOT_LISTED);
        assertThat(PackageDumpParser.listing("Error: could not access the Package Manager.\n", pkg))
                .isEqualTo(PackageDumpParser.Listing.UNRECOGNIZED);
    }
}
