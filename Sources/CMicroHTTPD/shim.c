#include "CMicroHTTPD.h"
#include <stdio.h>
#include <string.h>

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Percent-decodes in place like MHD's default, except that %00 stays as the three characters
 * "%00": a decoded NUL would silently cut the C string MHD hands over (so "/a.js%00.png" would
 * arrive as "/a.js"). */
static size_t unescape_keeping_nul(void *cls, struct MHD_Connection *connection, char *text) {
    (void) cls;
    (void) connection;
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
    uint16_t port = 0; /* ignored: the port comes from MHD_OPTION_SOCK_ADDR */
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_EXTERNAL_LOGGER, log_error, NULL, /* first, as MHD asks */
                            MHD_OPTION_SOCK_ADDR, config->address,
                            MHD_OPTION_THREAD_POOL_SIZE, config->thread_pool_size,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, config->connection_memory_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, config->connection_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_UNESCAPE_CALLBACK, unescape_keeping_nul, NULL,
                            MHD_OPTION_NOTIFY_CONNECTION, config->notify_connection, config->notify_connection_cls,
                            MHD_OPTION_END);
}

uint16_t marginalia_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

const struct sockaddr *marginalia_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

int marginalia_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
