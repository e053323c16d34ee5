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
#endif
