#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* libmicrohttpd is loaded when the first server starts, not when the program starts: it
 * brings GnuTLS and eight more libraries with it, whose loading and relocation cost every
 * command about 1.7 ms (a fifth of `marginalia info` on a large file; docs/benchmarks.md)
 * although only `marginalia serve` uses them. The program is linked without it; the MHD
 * functions Swift calls are defined below and forward to the library's, which
 * marginalia_mhd_start looks up once before any of them can be reached (each needs a
 * daemon, a connection or a response, which only exist once a daemon runs). */

static const char *const library_name = "libmicrohttpd.so.12";

static struct {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                       MHD_AccessHandlerCallback, void *, ...);
    void (*stop_daemon)(struct MHD_Daemon *);
    const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    int (*get_connection_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    const char *(*lookup_connection_value)(struct MHD_Connection *, enum MHD_ValueKind, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*suspend_connection)(struct MHD_Connection *);
    void (*resume_connection)(struct MHD_Connection *);
    struct MHD_Response *(*create_response_from_callback)(uint64_t, size_t, MHD_ContentReaderCallback, void *,
                                                          MHD_ContentReaderFreeCallback);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    struct MHD_Response *(*create_response_from_fd64)(uint64_t, int);
    void (*destroy_response)(struct MHD_Response *);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
} mhd;

static pthread_mutex_t mhd_loading = PTHREAD_MUTEX_INITIALIZER;
static int mhd_loaded = 0;

#define MHD_LOOK_UP(field, symbol)                                                  \
    if ((*(void **) &mhd.field = dlsym(library, #symbol)) == NULL) {               \
        fprintf(stderr, "marginalia: %s has no %s\n", library_name, #symbol);     \
        return 0;                                                                  \
    }

/* Loads the library and looks up every function; 1 on success. Only the first call does
 * the work; the mutex makes the lookups visible to every thread that starts a server. */
static int mhd_load_locked(void) {
    if (mhd_loaded) {
        return 1;
    }
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "marginalia: cannot load %s (Debian: libmicrohttpd12): %s\n", library_name, dlerror());
        return 0;
    }
    MHD_LOOK_UP(start_daemon, MHD_start_daemon)
    MHD_LOOK_UP(stop_daemon, MHD_stop_daemon)
    MHD_LOOK_UP(get_daemon_info, MHD_get_daemon_info)
    MHD_LOOK_UP(get_connection_info, MHD_get_connection_info)
    MHD_LOOK_UP(get_connection_values, MHD_get_connection_values)
    MHD_LOOK_UP(lookup_connection_value, MHD_lookup_connection_value)
    MHD_LOOK_UP(queue_response, MHD_queue_response)
    MHD_LOOK_UP(suspend_connection, MHD_suspend_connection)
    MHD_LOOK_UP(resume_connection, MHD_resume_connection)
    MHD_LOOK_UP(create_response_from_callback, MHD_create_response_from_callback)
    MHD_LOOK_UP(create_response_from_buffer, MHD_create_response_from_buffer)
    MHD_LOOK_UP(create_response_from_fd64, MHD_create_response_from_fd64)
    MHD_LOOK_UP(destroy_response, MHD_destroy_response)
    MHD_LOOK_UP(add_response_header, MHD_add_response_header)
    mhd_loaded = 1;
    return 1;
}

static int mhd_load(void) {
    pthread_mutex_lock(&mhd_loading);
    int loaded = mhd_load_locked();
    pthread_mutex_unlock(&mhd_loading);
    return loaded;
}

void MHD_stop_daemon(struct MHD_Daemon *daemon) { mhd.stop_daemon(daemon); }

int MHD_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                              MHD_KeyValueIterator iterator, void *iterator_cls) {
    return mhd.get_connection_values(connection, kind, iterator, iterator_cls);
}

const char *MHD_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                        const char *key) {
    return mhd.lookup_connection_value(connection, kind, key);
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response) {
    return mhd.queue_response(connection, status_code, response);
}

void MHD_suspend_connection(struct MHD_Connection *connection) { mhd.suspend_connection(connection); }

void MHD_resume_connection(struct MHD_Connection *connection) { mhd.resume_connection(connection); }

struct MHD_Response *MHD_create_response_from_callback(uint64_t size, size_t block_size,
                                                       MHD_ContentReaderCallback crc, void *crc_cls,
                                                       MHD_ContentReaderFreeCallback crfc) {
    return mhd.create_response_from_callback(size, block_size, crc, crc_cls, crfc);
}

struct MHD_Response *MHD_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return mhd.create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *MHD_create_response_from_fd64(uint64_t size, int fd) {
    return mhd.create_response_from_fd64(size, fd);
}

void MHD_destroy_response(struct MHD_Response *response) { mhd.destroy_response(response); }

enum MHD_Result MHD_add_response_header(struct MHD_Response *response, const char *header, const char *content) {
    return mhd.add_response_header(response, header, content);
}

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

struct MHD_Daemon *marginalia_mhd_start(const marginalia_mhd_config *config,
                                        MHD_AccessHandlerCallback handler, void *handler_cls,
                                        MHD_RequestCompletedCallback completed, void *completed_cls) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME
                         | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (config->ipv6) {
        flags |= MHD_USE_IPv6;
    }
    uint16_t port = 0; /* ignored: the port comes from MHD_OPTION_SOCK_ADDR */
    if (!mhd_load()) {
        return NULL;
    }
    return mhd.start_daemon(flags, port, NULL, NULL, handler, handler_cls,
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
    const union MHD_DaemonInfo *info = mhd.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

const struct sockaddr *marginalia_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

int marginalia_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
