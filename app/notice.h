/* notice.h - notices said once per machine (the GPU fallback of --backend
 * auto): a marker file per notice and host in the user's cache folder. */
#ifndef MCS_NOTICE_H
#define MCS_NOTICE_H

/* 1 when `text` is news under `key` on this host: not said before, or the
 * last one said was another text; it is then recorded (in
 * $XDG_CACHE_HOME/mcsim/KEY-HOST, else ~/.cache/mcsim/KEY-HOST) as said. 0 when it was said already. Where no
 * marker can be kept (no cache folder, a read-only one) it is always news:
 * said every time rather than never. */
int mcs_notice_is_news(const char *key, const char *text);

#endif
