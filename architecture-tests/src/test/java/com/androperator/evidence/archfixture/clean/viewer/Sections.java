package com.androperator.evidence.archfixture.clean.viewer;

/** A part of the page: the viewer depends on the viewer. */
final class Sections {
    String heading(String bundle) {
        return "<h1>" + bundle + "</h1>";
    }
}
