package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.PackageSpec;

/** {@code dumpsys package NAME} text for an installed package, trimmed to its usual shape. */
final class PackageDump {

    private PackageDump() {}

    static String render(String name, PackageSpec spec, boolean operatorPackage) {
        String hash = Integer.toHexString(name.hashCode() & 0x0fffffff);
        int userId = 10_000 + Math.floorMod(name.hashCode(), 900);
        StringBuilder out = new StringBuilder(4_096);
        if (operatorPackage) {
            out.append("Receiver Resolver Table:\n");
            out.append("  Non-Data Actions:\n");
            out.append("      app.androperator.operator.ACTION_AGENT_COMMAND:\n");
            out.append("        ").append(hash).append(' ').append(name)
                    .append("/app.androperator.operator.AgentCommandReceiver filter ")
                    .append(Integer.toHexString(hash.hashCode() & 0x0fffffff)).append('\n');
            out.append("          Action: \"app.androperator.operator.ACTION_AGENT_COMMAND\"\n\n");
        }
        out.append("Key Set Manager:\n");
        out.append("  [").append(name).append("]\n");
        out.append("      Signing KeySets: 57\n\n");
        out.append("Packages:\n");
        out.append("  Package [").append(name).append("] (").append(hash).append("):\n");
        out.append("    userId=").append(userId).append('\n');
        out.append("    pkg=Package{").append(Integer.toHexString(userId * 31)).append(' ')
                .append(name).append("}\n");
        out.append("    codePath=/data/app/~~q3Zr0yGZ1bV7w0Xk2D4yUQ==/").append(name)
                .append("-Hn1qWc8kAqPQk3m1m1o8Tw==\n");
        out.append("    resourcePath=/data/app/~~q3Zr0yGZ1bV7w0Xk2D4yUQ==/").append(name)
                .append("-Hn1qWc8kAqPQk3m1m1o8Tw==\n");
        out.append("    legacyNativeLibraryDir=/data/app/~~q3Zr0yGZ1bV7w0Xk2D4yUQ==/").append(name)
                .append("-Hn1qWc8kAqPQk3m1m1o8Tw==/lib\n");
        out.append("    extractNativeLibs=false\n");
        out.append("    primaryCpuAbi=null\n");
        out.append("    secondaryCpuAbi=null\n");
        out.append("    cpuAbiOverride=null\n");
        out.append("    versionCode=").append(spec.versionCode())
                .append(" minSdk=26 targetSdk=34\n");
        out.append("    minExtensionVersions=[]\n");
        out.append("    versionName=").append(spec.versionName()).append('\n');
        out.append("    usesNonSdkApi=false\n");
        out.append("    splits=[base]\n");
        out.append("    apkSigningVersion=2\n");
        out.append("    flags=[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]\n");
        out.append("    privateFlags=[ PRIVATE_FLAG_ACTIVITIES_RESIZE_MODE_RESIZEABLE_VIA_SDK_VERSION"
                + " ALLOW_AUDIO_PLAYBACK_CAPTURE PRIVATE_FLAG_ALLOW_NATIVE_HEAP_POINTER_TAGGING ]\n");
        out.append("    forceQueryable=false\n");
        out.append("    dataDir=/data/user/0/").append(name).append('\n');
        out.append("    supportsScreens=[small, medium, large, xlarge, resizeable, anyDensity]\n");
        out.append("    timeStamp=2024-05-02 10:11:12\n");
        out.append("    firstInstallTime=2024-05-02 10:11:13\n");
        out.append("    lastUpdateTime=2024-05-02 10:11:13\n");
        out.append("    installerPackageName=null\n");
        out.append("    signatures=PackageSignatures{").append(hash)
                .append(" version:2, signatures:[5d1c0a7e], past signatures:[]}\n");
        out.append("    installPermissionsFixed=true\n");
        out.append("    pkgFlags=[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]\n");
        out.append("    User 0: ceDataInode=131522 installed=true hidden=false suspended=false"
                + " distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false"
                + " virtual=false\n");
        out.append("      gids=[3003]\n");
        out.append("      runtime permissions:\n\n");
        out.append("Queries:\n");
        out.append("  system apps queryable: false\n");
        out.append("  queries via forceQueryable:\n");
        out.append("  queries via package name:\n");
        out.append("  queries via component:\n\n");
        out.append("Dexopt state:\n");
        out.append("  [").append(name).append("]\n");
        out.append("    path: /data/app/~~q3Zr0yGZ1bV7w0Xk2D4yUQ==/").append(name)
                .append("-Hn1qWc8kAqPQk3m1m1o8Tw==/base.apk\n");
        out.append("      arm64: [status=speed-profile] [reason=install-dm]\n");
        return out.toString();
    }
}
