#include "CMicroHTTPD.h"
#include <stdio.h>
#include <string.h>

#include "CLazyLibrary.h"

/* libmicrohttpd is loaded when the first server starts, not when the program starts: it
 * brings GnuTLS and eight more libraries with it, whose loading and relocation cost every
 * command about 1.7 ms although only `marginalia serve` uses them (CLazyLibrary.h). The MHD
 * functions Swift calls are defined here and forward to the library's; marginalia_mhd_start
 * loads the library before any of them can be reached (each needs a daemon, a connection or
 * a response, which only exist once a daemon runs). */
static marginalia_library mhd = MARGINALIA_LIBRARY("libmicrohttpd12", "libmicrohttpd.so.12", "libmicrohttpd.so");

MARGINALIA_FORWARD_VOID(mhd, MHD_stop_daemon, (struct MHD_Daemon *daemon), (daemon))
MARGINALIA_FORWARD(mhd, int, MHD_get_connection_values,
                   (struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,
                    void *iterator_cls),
                   (connection, kind, iterator, iterator_cls))
MARGINALIA_FORWARD(mhd, const char *, MHD_lookup_connection_value,
                   (struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key), (connection, kind, key))
MARGINALIA_FORWARD(mhd, enum MHD_Result, MHD_queue_response,
                   (struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response),
                   (connection, status_code, response))
MARGINALIA_FORWARD_VOID(mhd, MHD_suspend_connection, (struct MHD_Connection *connection), (connection))
MARGINALIA_FORWARD_VOID(mhd, MHD_resume_connection, (struct MHD_Connection *connection), (connection))
MARGINALIA_FORWARD(mhd, struct MHD_Response *, MHD_create_response_from_callback,
                   (uint64_t size, size_t block_size, MHD_ContentReaderCallback crc, void *crc_cls,
                    MHD_ContentReaderFreeCallback crfc),
                   (size, block_size, crc, crc_cls, crfc))
MARGINALIA_FORWARD(mhd, struct MHD_Response *, MHD_create_response_from_buffer,
                   (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))
MARGINALIA_FORWARD(mhd, struct MHD_Response *, MHD_create_response_from_fd64, (uint64_t size, int fd), (size, fd))
MARGINALIA_FORWARD(mhd, struct MHD_Response *, MHD_create_response_from_buffer_with_free_callback_cls,
                   (size_t size, void *buffer, MHD_ContentReaderFreeCallback crfc, void *crfc_cls),
                   (size, buffer, crfc, crfc_cls))
MARGINALIA_FORWARD_VOID(mhd, MHD_destroy_response, (struct MHD_Response *response), (response))
MARGINALIA_FORWARD(mhd, enum MHD_Result, MHD_add_response_header,
                   (struct MHD_Response *response, const char *header, const char *content), (response, header, content))

/* The variadic functions, which only this file calls, looked up when a daemon starts. */
typedef struct MHD_Daemon *(*start_daemon_function)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                                     MHD_AccessHandlerCallback, void *, ...);
typedef const union MHD_DaemonInfo *(*daemon_info_function)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);
typedef const union MHD_ConnectionInfo *(*connection_info_function)(struct MHD_Connection *,
                                                                    enum MHD_ConnectionInfoType, ...);
static _Atomic(daemon_info_function) get_daemon_info;
static _Atomic(connection_info_function) get_connection_info;

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Percent-decodes in place like MHD's default, except that %00 stays as the three characters
 * "%00": a decoded NUL would silently cut the C string MHD hands over (so "/a.js%00.png" would
 * arrive as "/a.js"). MHD calls it for the path and for each query name and value; the HTTP
 * fuzz target calls it through marginalia_mhd_unescape, so both decode alike. */
size_t marginalia_mhd_unescape(char *text) {
    size_t read = 0, write = 0;
    while (text[read] != '\0') {
        if (text[read] == '%' && text[read + 1] != '\0' && text[read + 2] != '\0') {
            int high = hex_value(text[read + 1]);
            int low = hex_value(text[read + 2]);
            if (high >= 0 && low >= 0 && (high | low) != 0) {
                text[write++] = (char) (high * 16 + low);
                read += 3;
                continue;
            }
        }
        text[write++] = text[read++];
    }
    text[write] = '\0';
    return write;
}

static size_t unescape_keeping_nul(void *cls, struct MHD_Connection *connection, char *text) {
    (void) cls;
    (void) connection;
    return marginalia_mhd_unescape(text);
}

/* libmicrohttpd's error log, less the reports of a client that went away: a tab closed on an
 * event stream or a download makes MHD log each failed send of the connection ("Failed to send
 * the chunked response body ... Error: The connection was forcibly closed by remote peer"),
 * dozens of lines for a normal disconnect. Everything else goes to stderr as before. */
int marginalia_mhd_is_disconnect_report(const char *message) {
    if (strncmp(message, "Failed to send", 14) != 0) return 0;
    return strstr(message, "forcibly closed by remote peer") != NULL
        || strstr(message, "no longer available for sending") != NULL;
}

static void log_error(void *cls, const char *format, va_list arguments) {
    (void) cls;
    char message[1024];
    vsnprintf(message, sizeof message, format, arguments);
    if (marginalia_mhd_is_disconnect_report(message)) return;
    fputs(message, stderr);
    size_t length = strlen(message);
    if (length == 0 || message[length - 1] != '\n') fputc('\n', stderr);
}

struct MHD_Daemon *marginalia_mhd_start(const marginalia_mhd_config *config,
                                        MHD_AccessHandlerCallback handler, void *handler_cls,
                                        MHD_RequestCompletedCallback completed, void *completed_cls) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME
                         | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (config->ipv6) {
        flags |= MHD_USE_IPv6;
    }
    /* HTTPS: GnuTLS reads the PEM pair when the daemon starts; a variadic call cannot leave
     * options out, so they go in an array that is empty for plain HTTP. */
    struct MHD_OptionItem tls_options[] = {
        {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *) config->tls_certificate},
        {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *) config->tls_key},
        {MHD_OPTION_HTTPS_PRIORITIES, 0, (void *) config->tls_priorities},
        {MHD_OPTION_END, 0, NULL},
    };
    if (config->tls_certificate != NULL && config->tls_key != NULL && config->tls_priorities != NULL) {
        flags |= MHD_USE_TLS;
    } else {
        tls_options[0].option = MHD_OPTION_END;
    }
    uint16_t port = 0; /* ignored: the port comes from MHD_OPTION_SOCK_ADDR */
    start_daemon_function start_daemon = (start_daemon_function) marginalia_library_symbol(&mhd, "MHD_start_daemon");
    daemon_info_function daemon_info = (daemon_info_function) marginalia_library_symbol(&mhd, "MHD_get_daemon_info");
    connection_info_function connection_info =
        (connection_info_function) marginalia_library_symbol(&mhd, "MHD_get_connection_info");
    if (start_daemon == NULL || daemon_info == NULL || connection_info == NULL) {
        return NULL;
    }
    atomic_store(&get_daemon_info, daemon_info);
    atomic_store(&get_connection_info, connection_info);
    return start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                        MHD_OPTION_EXTERNAL_LOGGER, log_error, NULL, /* first, as MHD asks */
                        MHD_OPTION_SOCK_ADDR, config->address,
                        MHD_OPTION_THREAD_POOL_SIZE, config->thread_pool_size,
                        MHD_OPTION_CONNECTION_MEMORY_LIMIT, config->connection_memory_limit,
                        MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout_seconds,
                        MHD_OPTION_CONNECTION_LIMIT, config->connection_limit,
                        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                        MHD_OPTION_UNESCAPE_CALLBACK, unescape_keeping_nul, NULL,
                        MHD_OPTION_NOTIFY_CONNECTION, config->notify_connection, config->notify_connection_cls,
                        MHD_OPTION_ARRAY, tls_options,
                        MHD_OPTION_END);
}

int marginalia_mhd_tls_supported(void) {
    typedef enum MHD_Result (*feature_function)(enum MHD_FEATURE);
    feature_function supported = (feature_function) marginalia_library_symbol(&mhd, "MHD_is_feature_supported");
    if (supported == NULL) return -1;
    return supported(MHD_FEATURE_TLS) == MHD_YES ? 1 : 0;
}

uint16_t marginalia_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = atomic_load(&get_daemon_info)(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

const struct sockaddr *marginalia_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        atomic_load(&get_connection_info)(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

int marginalia_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        atomic_load(&get_connection_info)(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
