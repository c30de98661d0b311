package com.androperator.evidence.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The layer rules hold on the product's main code. */
class ProductArchitectureTest {
    private static final String ROOT = "com.androperator.evidence";
    private static JavaClasses product;

    @BeforeAll
    static void importProduct() {
        product = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar") && !location.contains("/test-classes/"))
                .importPackages(ROOT);
    }

    @Test
    void domainIsPure() {
        LayerRules.domainIsPure(ROOT).check(product);
    }

    @Test
    void contractsStandAlone() {
        LayerRules.contractsStandAlone(ROOT).check(product);
    }

    @Test
    void adbAdapterSeesNoOtherAdapterOrEdge() {
        LayerRules.adaptersDoNotSeeEachOther(ROOT).check(product);
    }

    @Test
    void fsAdapterSeesNoOtherAdapterOrEdge() {
        LayerRules.fsAdapterIsolated(ROOT).check(product);
    }

    @Test
    void mediaAdapterSeesNoOtherAdapterOrEdge() {
        LayerRules.mediaAdapterIsolated(ROOT).check(product);
    }

    @Test
    void coreDoesNotSeeEdges() {
        LayerRules.coreDoesNotSeeEdges(ROOT).check(product);
    }

    @Test
    void portsAreInterfaces() {
        LayerRules.portsAreInterfaces(ROOT).check(product);
    }

    @Test
    void edgesUseTheCompositionRoot() {
        LayerRules.edgesUseTheCompositionRoot(ROOT).check(product);
    }

    @Test
    void adaptersAreConstructedOnlyInTheRoot() {
        LayerRules.adaptersAreConstructedOnlyInTheRoot(ROOT).check(product);
    }

    @Test
    void kitJudgesIndependently() {
        LayerRules.kitJudgesIndependently(ROOT).check(product);
    }

    @Test
    void viewerOnlyReadsBundles() {
        LayerRules.viewerOnlyReadsBundles(ROOT).check(product);
    }
}
