/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Unaligned access and byte order for the userspace compatibility layer: a
 * part of kcompat.h (its types and compiler macros), which includes it.
 */
#ifndef _KCOMPAT_BYTES_H
#define _KCOMPAT_BYTES_H

#ifndef _KCOMPAT_H
#error "kcompat_bytes.h is a part of kcompat.h: include that"
#endif

/* ---- unaligned access ---- */
static inline u16 get_unaligned_be16(const void *p)
{
	const u8 *b = p;

	return (u16)((b[0] << 8) | b[1]);
}

static inline u32 get_unaligned_be32(const void *p)
{
	const u8 *b = p;

	return ((u32)b[0] << 24) | ((u32)b[1] << 16) | ((u32)b[2] << 8) | b[3];
}

static inline u64 get_unaligned_be64(const void *p)
{
	return ((u64)get_unaligned_be32(p) << 32) | get_unaligned_be32((const u8 *)p + 4);
}

static inline u16 get_unaligned_le16(const void *p)
{
	const u8 *b = p;

	return (u16)(b[0] | (b[1] << 8));
}

static inline u32 get_unaligned_le32(const void *p)
{
	const u8 *b = p;

	return b[0] | ((u32)b[1] << 8) | ((u32)b[2] << 16) | ((u32)b[3] << 24);
}

static inline u64 get_unaligned_le64(const void *p)
{
	return get_unaligned_le32(p) | ((u64)get_unaligned_le32((const u8 *)p + 4) << 32);
}

static inline void put_unaligned_be16(u16 v, void *p)
{
	u8 *b = p;

	b[0] = v >> 8;
	b[1] = v;
}

static inline void put_unaligned_be32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = v >> 24;
	b[1] = v >> 16;
	b[2] = v >> 8;
	b[3] = v;
}

static inline void put_unaligned_be64(u64 v, void *p)
{
	put_unaligned_be32(v >> 32, p);
	put_unaligned_be32((u32)v, (u8 *)p + 4);
}

static inline void put_unaligned_le16(u16 v, void *p)
{
	u8 *b = p;

	b[0] = v;
	b[1] = v >> 8;
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = v;
	b[1] = v >> 8;
	b[2] = v >> 16;
	b[3] = v >> 24;
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	put_unaligned_le32((u32)v, p);
	put_unaligned_le32(v >> 32, (u8 *)p + 4);
}

#define get_unaligned(p) ({						\
	__typeof__(*(p)) __v;						\
	memcpy(&__v, (p), sizeof(__v));					\
	__v;								\
})
#define put_unaligned(v, p) do {					\
	__typeof__(*(p)) __v = (v);					\
	memcpy((p), &__v, sizeof(__v));					\
} while (0)

/* ---- byte order (x86_64 host: little endian) ---- */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define CONFIG_CPU_BIG_ENDIAN	1
#endif
#define swab16(x)	__builtin_bswap16(x)
#define swab32(x)	__builtin_bswap32(x)
#define swab64(x)	__builtin_bswap64(x)
#define cpu_to_be16(x)	((__force __be16)__builtin_bswap16(x))
#define cpu_to_be32(x)	((__force __be32)__builtin_bswap32(x))
#define cpu_to_be64(x)	((__force __be64)__builtin_bswap64(x))
#define be16_to_cpu(x)	__builtin_bswap16((__force u16)(x))
#define be32_to_cpu(x)	__builtin_bswap32((__force u32)(x))
#define be64_to_cpu(x)	__builtin_bswap64((__force u64)(x))
#define cpu_to_le16(x)	((__force __le16)(u16)(x))
#define cpu_to_le32(x)	((__force __le32)(u32)(x))
#define cpu_to_le64(x)	((__force __le64)(u64)(x))
#define le16_to_cpu(x)	((__force u16)(x))
#define le32_to_cpu(x)	((__force u32)(x))
#define le64_to_cpu(x)	((__force u64)(x))

#endif /* _KCOMPAT_BYTES_H */
