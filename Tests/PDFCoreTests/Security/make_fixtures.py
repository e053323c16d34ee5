#!/usr/bin/env python3
"""Builds the JSON fixtures of the standard security handler tests.

Each fixture holds what the handler needs and what it should produce, with outside
engines as oracles:
  - the /Encrypt dictionary and the first /ID element (read with pikepdf);
  - the passwords, and the file key and password kind that `qpdf --show-encryption-key`
    reports for each;
  - a few strings and streams as stored in the file (read here from the raw bytes at the
    offsets `qpdf --show-xref` gives) with their plaintext (from pikepdf, which decrypts).

Fixtures come from files qpdf encrypts here (a small PDF made below) and from encrypted
files of the shared corpus (only values are kept, never the files).

Usage: python3 make_fixtures.py [--corpus DIR]   (run from anywhere; needs qpdf, pikepdf)
qpdf runs with --static-id and --static-aes-iv, so R2-4 output is reproducible; R5-6 salts
are random, so those fixtures change on every run (each run's are equally valid).
JSON encoding of PDF objects: names "/Name", strings "<hex>", references "N G R".
"""
import argparse
import decimal
import json
import os
import random
import re
import string
import subprocess
import sys
import tempfile

import pikepdf

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "..", "Fixtures", "security"))

MAX_STREAM = 2048  # keep fixtures to a few KB
MAX_STRING = 256

# ---------------------------------------------------------------------------------------
# A minimal reader for PDF object syntax (ISO 32000-2, 7.3), enough to read raw values.

WHITESPACE = b" \t\r\n\f\x00"
DELIMITERS = b"()<>[]{}/%"


class Name(str):
    pass


class Ref(tuple):
    pass


class Str(bytes):
    pass


def skip_space(data, pos):
    while pos < len(data):
        c = data[pos]
        if c in WHITESPACE:
            pos += 1
        elif c == ord("%"):
            while pos < len(data) and data[pos] not in b"\r\n":
                pos += 1
        else:
            break
    return pos


def read_token(data, pos):
    start = pos
    while pos < len(data) and data[pos] not in WHITESPACE and data[pos] not in DELIMITERS:
        pos += 1
    return data[start:pos].decode("latin-1"), pos


def parse_literal(data, pos):
    out = bytearray()
    depth = 1
    pos += 1
    escapes = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}
    while pos < len(data):
        c = data[pos]
        if c == ord("\\"):
            pos += 1
            c = data[pos]
            if c in escapes:
                out.append(escapes[c]); pos += 1
            elif c in b"01234567":
                digits = b""
                while pos < len(data) and len(digits) < 3 and data[pos] in b"01234567":
                    digits += bytes([data[pos]]); pos += 1
                out.append(int(digits, 8) & 0xFF)
            elif c == ord("\r"):
                pos += 1
                if pos < len(data) and data[pos] == ord("\n"):
                    pos += 1
            elif c == ord("\n"):
                pos += 1
            else:
                out.append(c); pos += 1
        elif c == ord("("):
            depth += 1; out.append(c); pos += 1
        elif c == ord(")"):
            depth -= 1; pos += 1
            if depth == 0:
                return Str(bytes(out)), pos
            out.append(c)
        else:
            out.append(c); pos += 1
    raise ValueError("unterminated string")


def parse(data, pos):
    pos = skip_space(data, pos)
    c = data[pos:pos + 1]
    if data.startswith(b"<<", pos):
        result = {}
        pos += 2
        while True:
            pos = skip_space(data, pos)
            if data.startswith(b">>", pos):
                return result, pos + 2
            key, pos = parse(data, pos)
            value, pos = parse(data, pos)
            result[key] = value
    if c == b"<":
        end = data.index(b">", pos)
        digits = re.sub(rb"\s", b"", data[pos + 1:end])
        if len(digits) % 2:
            digits += b"0"
        return Str(bytes.fromhex(digits.decode())), end + 1
    if c == b"(":
        return parse_literal(data, pos)
    if c == b"[":
        items = []
        pos += 1
        while True:
            pos = skip_space(data, pos)
            if data.startswith(b"]", pos):
                return items, pos + 1
            item, pos = parse(data, pos)
            items.append(item)
    if c == b"/":
        token, pos = read_token(data, pos + 1)
        return Name(re.sub(r"#([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), token)), pos
    token, end = read_token(data, pos)
    if token == "true":
        return True, end
    if token == "false":
        return False, end
    if token == "null":
        return None, end
    if re.fullmatch(r"\d+", token):
        m = re.compile(rb"\s+(\d+)\s+R(?![^\s()<>\[\]{}/%])").match(data, end)
        if m:
            return Ref((int(token), int(m.group(1)))), m.end()
    if re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)", token):
        return (float(token) if "." in token else int(token)), end
    raise ValueError(f"unexpected token {token!r} at {pos}")


def read_indirect(data, offset):
    """The object at `offset` ("N G obj ..."): (value, stream data start or None)."""
    m = re.compile(rb"\s*(\d+)\s+(\d+)\s+obj").match(data, offset)
    if not m:
        raise ValueError(f"no object at offset {offset}")
    value, pos = parse(data, m.end())
    pos = skip_space(data, pos)
    if isinstance(value, dict) and data.startswith(b"stream", pos):
        pos += len(b"stream")
        if data.startswith(b"\r\n", pos):
            pos += 2
        elif data[pos:pos + 1] in (b"\n", b"\r"):
            pos += 1
        return value, pos
    return value, None


def to_json(value):
    if isinstance(value, Name):
        return "/" + value
    if isinstance(value, Str):
        return "<" + value.hex() + ">"
    if isinstance(value, Ref):
        return f"{value[0]} {value[1]} R"
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_json(v) for v in value]
    return value


def pike_to_json(obj):
    if isinstance(obj, pikepdf.Name):
        return str(obj)
    if isinstance(obj, pikepdf.String):
        return "<" + bytes(obj).hex() + ">"
    if isinstance(obj, pikepdf.Dictionary):
        return {k[1:]: pike_to_json(v) for k, v in obj.items()}
    if isinstance(obj, pikepdf.Array):
        return [pike_to_json(v) for v in obj]
    if isinstance(obj, (bool, int)):
        return obj
    if isinstance(obj, decimal.Decimal):
        return float(obj)
    raise ValueError(f"unexpected value in /Encrypt: {obj!r}")


# ---------------------------------------------------------------------------------------
# Oracles


def qpdf_key(path, password):
    """(file key hex, whether qpdf calls the password the owner's)."""
    out = subprocess.run(
        ["qpdf", "--show-encryption", "--show-encryption-key", f"--password={password}", path],
        capture_output=True).stdout.decode("latin-1")
    key = re.search(r"Encryption key = ([0-9a-f]+)", out)
    if not key:
        raise RuntimeError(f"qpdf does not open {path} with {password!r}:\n{out}")
    methods = dict(re.findall(r"(stream|string|file) encryption method: (\S+)", out))
    return key.group(1), "Supplied password is owner password" in out, methods


def offsets(path, password):
    out = subprocess.run(["qpdf", "--show-xref", f"--password={password}", path],
                         capture_output=True).stdout.decode("latin-1")
    return {(int(n), int(g)): int(off)
            for n, g, off in re.findall(r"(\d+)/(\d+): uncompressed; offset = (\d+)", out)}


def find_strings(value, path=()):
    """The paths to the non-empty strings inside `value`, depth first."""
    if isinstance(value, Str):
        return [path] if 0 < len(value) <= MAX_STRING else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    return [found for key, item in items for found in find_strings(item, path + (key,))]


def pike_at(obj, path):
    for key in path:
        obj = obj["/" + key] if isinstance(key, str) else obj[key]
    return obj


def extract(path, name, source, user, owner, max_streams=2, values_only=False):
    data = open(path, "rb").read()
    password = user if user is not None else owner
    try:
        pdf = pikepdf.open(path, password=password)
    except pikepdf.PasswordError:
        # qpdf's command line stores R2-4 passwords in PDFDocEncoding; its library (under
        # pikepdf) takes the bytes as given.
        pdf = pikepdf.open(path, password=password.encode("latin-1"))
    encrypt = pdf.trailer["/Encrypt"]
    ident = bytes(pdf.trailer["/ID"][0]) if "/ID" in pdf.trailer else b""
    encrypt_ref = encrypt.objgen if encrypt.is_indirect else None

    passwords = {}
    for kind, pw in (("user", user), ("owner", owner)):
        if pw is None:
            continue
        key, is_owner, methods = qpdf_key(path, pw)
        passwords[kind] = {"password": pw, "fileKey": key, "isOwner": is_owner}
    fixture = {
        "name": name,
        "source": source,
        "encrypt": pike_to_json(encrypt),
        "id": ident.hex(),
        "passwords": passwords,
        "methods": methods,
        "strings": [],
        "streams": [],
    }

    if values_only:
        del fixture["strings"], fixture["streams"]
        return fixture
    for (num, gen), off in sorted(offsets(path, password).items()):
        if (num, gen) == encrypt_ref:
            continue
        value, stream_start = read_indirect(data, off)
        obj = pdf.get_object(num, gen)
        if stream_start is None:
            for found in find_strings(value)[:3 - len(fixture["strings"])]:
                fixture["strings"].append({
                    "object": [num, gen],
                    "encrypted": pike_at_raw(value, found).hex(),
                    "plain": bytes(pike_at(obj, found)).hex(),
                })
            continue
        if value.get("Type") == "XRef":
            continue
        length = int(obj.stream_dict["/Length"])
        if length > MAX_STREAM:
            continue
        is_metadata = value.get("Type") == "Metadata"
        have_metadata = any(s["dictionary"].get("Type") == "/Metadata" for s in fixture["streams"])
        have_other = any(s["dictionary"].get("Type") != "/Metadata" for s in fixture["streams"])
        if (is_metadata and have_metadata) or (not is_metadata and have_other):
            continue
        value["Length"] = length
        fixture["streams"].append({
            "object": [num, gen],
            "dictionary": to_json(value),
            "encrypted": data[stream_start:stream_start + length].hex(),
            "plain": obj.read_raw_bytes().hex(),
        })
        if len(fixture["streams"]) >= max_streams:
            break
    return fixture


def pike_at_raw(value, path):
    for key in path:
        value = value[key]
    return value


# ---------------------------------------------------------------------------------------
# Files encrypted here


def source_pdf():
    """A one-page PDF with an /Info string, a content stream and an XMP metadata stream."""
    content = b"BT /F1 12 Tf 20 50 Td (Marginalia secret text) Tj ET\n"
    xmp = (b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
           b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF '
           b'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>\n'
           b'<?xpacket end="w"?>\n')
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /Metadata 5 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R "
        b"/Resources << /Font << /F1 6 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"endstream",
        b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n" % len(xmp) + xmp + b"endstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Title (Caf\xe9 secrets \\(draft\\)) /Producer (Marginalia fixtures) >>",
    ]
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    starts = []
    for index, body in enumerate(objects, 1):
        starts.append(len(out))
        out += b"%d 0 obj\n" % index + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for start in starts:
        out += b"%010d 00000 n \n" % start
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 7 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


GENERATED = [
    # name, user, owner, qpdf --encrypt arguments after the passwords
    ("qpdf-r2-rc4-40", "user", "owner", ["40"]),
    ("qpdf-r2-rc4-40-empty-user", "", "owner", ["40"]),
    ("qpdf-r3-rc4-128", "user", "owner", ["128", "--use-aes=n"]),
    ("qpdf-r4-rc4-128", "user", "owner", ["128", "--use-aes=n", "--force-V4"]),
    ("qpdf-r4-aes-128", "user", "owner", ["128", "--use-aes=y"]),
    ("qpdf-r4-aes-128-cleartext-metadata", "", "owner", ["128", "--use-aes=y", "--cleartext-metadata"]),
    ("qpdf-r4-aes-128-latin1-password", "caf\u00e9", "\u00fcber", ["128", "--use-aes=y"]),
    ("qpdf-r5-aes-256", "user", "owner", ["256", "--force-R5"]),
    ("qpdf-r6-aes-256", "user", "owner", ["256"]),
    ("qpdf-r6-aes-256-cleartext-metadata", "", "owner", ["256", "--cleartext-metadata"]),
    ("qpdf-r6-aes-256-unicode-password", "p\u00e4ssw\u00f6rd-\u20ac", "\u65e5\u672c", ["256"]),
]


def qpdf_encrypt(workdir, name, user, owner, args):
    """Encrypts the source PDF; returns the output path and a description of how."""
    src = os.path.join(workdir, "source.pdf")
    if not os.path.exists(src):
        with open(src, "wb") as f:
            f.write(source_pdf())
    version = subprocess.run(["qpdf", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    out = os.path.join(workdir, name + ".pdf")
    command = ["qpdf", "--allow-weak-crypto", "--static-id", "--static-aes-iv",
               "--object-streams=disable", "--encrypt", user, owner, *args, "--", src, out]
    subprocess.run(command, check=True)
    def shown(password):
        if password == "" or len(password) > 24:
            return f"{password[:8]!r}...({len(password.encode())} bytes)" if password else "''"
        return password
    options = " ".join(command[1:6] + [shown(user), shown(owner)] + args + ["--"])
    return out, f"{version}: qpdf {options}"


def generated_fixtures(workdir):
    for name, user, owner, args in GENERATED:
        out, source = qpdf_encrypt(workdir, name, user, owner, args)
        yield extract(out, name, source, user, owner)


# Password vectors: only the /Encrypt values and the file keys, for passwords of many
# lengths and scripts (R2-4 use at most 32 bytes, R5-6 at most 127 bytes of UTF-8), and
# random ones to exercise Algorithm 2.B's variable number of rounds. qpdf 11.3 cannot open
# its own files made with passwords over 127 bytes, so none are longer.
def password_vectors(workdir):
    rng = random.Random(20240601)
    alphabet = string.ascii_letters + string.digits + "-_.!"
    randoms = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40))) for _ in range(12)]
    vectors = [
        ("r2-passwords-longer-than-32-bytes", "u" * 40, "o" * 35, ["40"]),
        ("r3-32-byte-user-password", "0123456789abcdef0123456789ABCDEF", "owner", ["128", "--use-aes=n"]),
        ("r4-empty-user-password", "", "secret owner", ["128", "--use-aes=y"]),
        ("r5-127-byte-password", "k" * 127, "m" * 5, ["256", "--force-R5"]),
        ("r6-one-character", "a", "b", ["256"]),
        ("r6-127-bytes", "x" * 127, "y" * 127, ["256"]),
        ("r6-127-bytes-of-two-byte-characters", "\u00e9" * 63 + "a", "\u00fc" * 63 + "z", ["256"]),
        ("r6-non-latin-scripts", "\u65e5\u672c\u8a9e\u30d1\u30b9", "\u03a9mega-\u20ac", ["256"]),
        ("r6-emoji", "\U0001f512\U0001f511", "owner", ["256"]),
        ("r6-same-user-and-owner", "same", "same", ["256"]),
    ]
    vectors += [(f"r6-random-{i}", randoms[2 * i], randoms[2 * i + 1], ["256"]) for i in range(6)]
    for name, user, owner, args in vectors:
        out, source = qpdf_encrypt(workdir, name, user, owner, args)
        yield extract(out, name, source, user, owner, values_only=True)
    yield from stop_rule_vectors(workdir, rng, alphabet)


def r6_round_ends(password, salt, udata):
    """For Algorithm 2.B, each round from 64 on as (round count, last byte of E), up to the
    one that ends the loop. Used only to pick vectors; qpdf stays the oracle."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    import hashlib
    k = hashlib.sha256(password + salt + udata).digest()
    ends, count = [], 0
    while True:
        k1 = (password + k + udata) * 64
        encryptor = Cipher(algorithms.AES(k[:16]), modes.CBC(k[16:32])).encryptor()
        e = encryptor.update(k1) + encryptor.finalize()
        k = hashlib.new(["sha256", "sha384", "sha512"][sum(e[:16]) % 3], e).digest()
        count += 1
        if count >= 64:
            ends.append((count, e[-1]))
            if e[-1] <= count - 32:
                return ends


def stop_rule_vectors(workdir, rng, alphabet):
    """R6 vectors whose hashes land on the edges of Algorithm 2.B's stop rule: one whose
    last byte of E equals the round count minus 32 when it stops, one where it equals the
    count minus 31 a round before. An off-by-one in the rule fails one of them (about one
    hash in a hundred does either, so random vectors rarely catch it)."""
    wanted = {"equal": "r6-stop-rule-last-byte-equals-rounds-minus-32",
              "one-above": "r6-stop-rule-last-byte-one-above-the-limit"}
    for attempt in range(2000):
        if not wanted:
            return
        # A leading letter: qpdf would read "-x" as an option.
        user = rng.choice(string.ascii_letters) + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 23)))
        owner = rng.choice(string.ascii_letters) + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 23)))
        out, source = qpdf_encrypt(workdir, "probe", user, owner, ["256"])
        with pikepdf.open(out, password=user) as pdf:
            encrypt = pdf.trailer["/Encrypt"]
            u, o = bytes(encrypt["/U"])[:48], bytes(encrypt["/O"])[:48]
        ends = []
        for password, salt, udata in ((user, u[32:40], b""), (user, u[40:48], b""),
                                      (owner, o[32:40], u), (owner, o[40:48], u)):
            ends += r6_round_ends(password.encode(), salt, udata)
        kinds = set()
        if any(last == count - 32 for count, last in ends):
            kinds.add("equal")
        # A round that ends with last == count - 31 cannot be a final one, so it is one the
        # loop must run past.
        if any(last == count - 31 for count, last in ends):
            kinds.add("one-above")
        for kind in kinds & set(wanted):
            name = wanted.pop(kind)
            os.rename(out, os.path.join(workdir, name + ".pdf"))
            path = os.path.join(workdir, name + ".pdf")
            yield extract(path, name, source, user, owner, values_only=True)
            break
    raise RuntimeError(f"no vector found for {sorted(wanted)}")


# name in the corpus, user password (None if unknown), owner password (None if unknown)
CORPUS = [
    ("pdfminer-rc4-40.pdf", "baz", "foo"),
    ("pypdf-encrypted-doc-no-id.pdf", "", None),
    ("pdfminer-issue-625-identity-cmap.pdf", "", None),
    ("pdfplumber-pr-138-example.pdf", "", None),
    ("pdfjs-issue3371-aes128-jbig2-jpx.pdf", "ELXRTQWS", "ELXRTQWS"),
    ("cwlpdf-single-text-line-encrypted-ownerpw-pdf.pdf", "", "pdf"),
    ("pypdf-r5-owner-password.pdf", "", "asdfzxcv"),
    ("qpdf-enc1.pdf", "", "o"),
    ("pdfminer-aes-256-r6.pdf", "usersecret", "ownersecret"),
    ("qpdf-enc-xi-r6-v5-u-view-attachments-cleartext-metadata.pdf", "view", "view"),
]


def corpus_fixtures(corpus):
    for file, user, owner in CORPUS:
        path = os.path.join(corpus, file)
        if not os.path.exists(path):
            print(f"skipping {file}: not in {corpus}", file=sys.stderr)
            continue
        name = "corpus-" + file[:-4]
        yield extract(path, name, f"values read from corpus file {file}", user, owner)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default="/work/shared/corpus")
    options = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as workdir:
        for fixture in [*generated_fixtures(workdir), *corpus_fixtures(options.corpus)]:
            target = os.path.join(OUT, fixture["name"] + ".json")
            with open(target, "w") as f:
                json.dump(fixture, f, indent=1, ensure_ascii=False)
                f.write("\n")
            print(f"{target}: {len(fixture['strings'])} strings, {len(fixture['streams'])} streams, "
                  f"{os.path.getsize(target)} bytes")
        vectors = list(password_vectors(workdir))
        os.makedirs(os.path.join(OUT, "vectors"), exist_ok=True)
        target = os.path.join(OUT, "vectors", "password-vectors.json")
        with open(target, "w") as f:
            json.dump(vectors, f, separators=(",", ":"), ensure_ascii=False)
            f.write("\n")
        print(f"{target}: {len(vectors)} vectors, {os.path.getsize(target)} bytes")


if __name__ == "__main__":
    main()
