import CMicroHTTPD
import Testing

/// libmicrohttpd's error log without the reports of a client gone (issue 15: a closed tab
/// logged ~44 "Failed to send the chunked response body" lines for its event stream). The
/// browser suite checks the server's log after a tab leaves (test_viewer_text.py).
@Suite("The server's error log")
struct HTTPErrorLogTests {
    @Test func aClientThatWentAwayIsNotAnError() {
        // The lines libmicrohttpd 0.9.75 writes, with its two messages for a peer gone.
        let gone = [
            "Failed to send the chunked response body for the request for `/api/v1/documents/x/events'. Error: The socket is no longer available for sending\n",
            "Failed to send the response body for the request for `/api/v1/documents/x/file'. Error: The connection was forcibly closed by remote peer\n",
            "Failed to send the response headers for the request for `/'. Error: The socket is no longer available for sending\n",
        ]
        for line in gone { #expect(marginalia_mhd_is_disconnect_report(line) != 0, "\(line)") }
        let kept = [
            "Failed to send the response body for the request for `/'. Error: Not enough system resources to serve the request\n",
            "Closing connection (application reported error generating data).\n",
            "Error processing request (HTTP response code is 400 ('Bad Request')). Closing connection.\n",
        ]
        for line in kept { #expect(marginalia_mhd_is_disconnect_report(line) == 0, "\(line)") }
    }
}
