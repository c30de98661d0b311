package com.androperator.evidence.archfixture.broken.adapters.media;

public final class MediaAdapter {
}
