package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.domain.video.model.StopRequest;
import java.nio.file.Path;
import java.util.List;

/**
 * control/stop-&lt;id&gt;.json: one nonce-bound file per stop request. A request id that is not
 * file-name safe is a bug in the caller (IllegalArgumentException); an unreadable request is ignored.
 */
public interface StopRequests {

    Saved writeStopRequest(Path bundleDir, StopRequest request);

    List<StopRequest> stopRequests(Path bundleDir);
}
