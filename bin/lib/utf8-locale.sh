# Sourced by bin/androperator and bin/androperator-mcp. On Linux, Java 17 decodes command-line
# arguments, environment values and file names in the locale's charset, and the POSIX locale of
# many CI machines, containers and cron jobs is ASCII: a label such as "Café 😀" would arrive as
# replacement characters (and count twice as long), and a non-ASCII path could not be used at
# all. When the current locale is not UTF-8, run the JVM in a UTF-8 one that is installed.
# Messages stay English either way; nothing else about the caller's environment changes.
use_utf8_locale() {
  # bash's OSTYPE, not uname -s: no process to start (linux-gnu, linux-musl, ...).
  case "${OSTYPE:-}" in linux*) ;; *) return 0 ;; esac
  # bash counts and slices a string by the characters of the locale it was started in, which is the
  # caller's and the one the JVM inherits (a locale that is named but not installed leaves both in
  # C): these seven bytes, U+20AC and U+1F600 in UTF-8, are two characters, the second of them the
  # last four bytes, only when that locale is UTF-8. Single-byte charsets count seven; of glibc's
  # multibyte ones only TCVN5712-1 also counts two, and it splits them otherwise. No process to
  # start on the usual path (`locale charmap` costs a fork and an exec, about 7 ms).
  local probe=$'\xe2\x82\xac\xf0\x9f\x98\x80'
  [ "${#probe}" -eq 2 ] && [ "${probe:1}" = $'\xf0\x9f\x98\x80' ] && return 0
  local candidate
  for candidate in C.UTF-8 C.utf8 en_US.UTF-8; do
    if [ "$(LC_ALL="$candidate" locale charmap 2>/dev/null)" = UTF-8 ]; then
      export LC_ALL="$candidate"
      return 0
    fi
  done
}
use_utf8_locale
