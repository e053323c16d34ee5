// A tiny shim over libmicrohttpd (Debian: libmicrohttpd-dev): Swift cannot call its variadic
// functions, so the calls that need them are wrapped here with fixed parameters.
#ifndef C_MICROHTTPD_SHIM_H
#define C_MICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The daemon settings Marginalia uses, passed to MHD_start_daemon as options.
typedef struct marginalia_mhd_config {
    /// Where to listen (IPv4 or IPv6 socket address, port included; port 0 = ephemeral).
    const struct sockaddr *address;
    /// Non-zero when `address` is IPv6.
    int ipv6;
    unsigned int thread_pool_size;
    size_t connection_memory_limit;
    unsigned int connection_timeout_seconds;
    unsigned int connection_limit;
    /// Called when a connection opens and closes (MHD_OPTION_NOTIFY_CONNECTION); may be NULL.
    /// MHD calls it with MHD_CONNECTION_NOTIFY_CLOSED before it closes the socket.
    MHD_NotifyConnectionCallback notify_connection;
    void *notify_connection_cls;
    /// HTTPS: the certificate chain and the private key as PEM text (NUL-terminated), and the
    /// GnuTLS priority string naming the protocol versions allowed; all NULL for plain HTTP.
    const char *tls_certificate;
    const char *tls_key;
    const char *tls_priorities;
} marginalia_mhd_config;

/// Starts a daemon with internal epoll polling, a thread pool and suspend/resume; NULL on failure.
struct MHD_Daemon *marginalia_mhd_start(const marginalia_mhd_config *config,
                                        MHD_AccessHandlerCallback handler, void *handler_cls,
                                        MHD_RequestCompletedCallback completed, void *completed_cls);

/// 1 when the installed libmicrohttpd was built with TLS (GnuTLS), 0 when it was not, -1 when
/// the library cannot be loaded (the reason is on stderr).
int marginalia_mhd_tls_supported(void);

/// The port the daemon listens on (the ephemeral port when started with port 0), or 0.
uint16_t marginalia_mhd_bound_port(struct MHD_Daemon *daemon);

/// The client's socket address of a connection, or NULL.
const struct sockaddr *marginalia_mhd_client_address(struct MHD_Connection *connection);

/// Non-zero for a libmicrohttpd error message that only reports a client gone (a failed send
/// on a connection the peer closed or reset), which the server's log leaves out.
int marginalia_mhd_is_disconnect_report(const char *message);

/// Percent-decodes a NUL-terminated string in place as the server decodes request paths and
/// query items (a `%00` is kept as those three characters); returns the new length.
size_t marginalia_mhd_unescape(char *text);

/// The socket of a connection, or -1.
int marginalia_mhd_connection_fd(struct MHD_Connection *connection);

#endif
