/*
 * png.h — a small PNG reader for the picture tests: 8-bit RGB or RGBA,
 * not interlaced (what rsvg-convert writes), decoded into RGBA rows.
 * Written from the PNG specification (W3C, 2nd edition, 2003): chunk
 * layout §5, IHDR §11.2.2, filters §9.  Not a general decoder: anything
 * else is refused.
 */
#ifndef ORDVERK_PNG_H
#define ORDVERK_PNG_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct png {
	int width, height;
	uint8_t *rgba;          /* width * height * 4 */
};

static inline uint32_t
png_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static inline int
png_paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* png_read: 0 and *out filled (free out->rgba), or -1. */
static inline int
png_read(const char *path, struct png *out)
{
	static const uint8_t sig[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
	FILE *fp = fopen(path, "rb");
	uint8_t *file = NULL, *idat = NULL, *raw = NULL;
	size_t n = 0, cap = 0, ni = 0, pos = 8, stride, x;
	uLongf rawlen;
	int w = 0, h = 0, bpp = 0, y, ok = -1;

	if (fp == NULL)
		return -1;
	for (;;) {
		size_t got;

		if (n == cap) {
			uint8_t *nf = realloc(file, cap = cap ? 2 * cap : 65536);

			if (nf == NULL)
				goto out;
			file = nf;
		}
		if ((got = fread(file + n, 1, cap - n, fp)) == 0)
			break;
		n += got;
	}
	if (n < 8 || memcmp(file, sig, 8) != 0 || (idat = malloc(n)) == NULL)
		goto out;
	while (pos + 12 <= n) {
		uint32_t len = png_be32(file + pos);
		const uint8_t *type = file + pos + 4, *data = file + pos + 8;

		if (len > n - pos - 12)
			goto out;
		if (memcmp(type, "IHDR", 4) == 0 && len == 13) {
			w = (int)png_be32(data);
			h = (int)png_be32(data + 4);
			if (data[8] != 8 || data[12] != 0 || w <= 0 || h <= 0 ||
			    w > 8192 || h > 8192)
				goto out;
			bpp = data[9] == 6 ? 4 : data[9] == 2 ? 3 : 0;
			if (bpp == 0)
				goto out;
		} else if (memcmp(type, "IDAT", 4) == 0) {
			memcpy(idat + ni, data, len);
			ni += len;
		} else if (memcmp(type, "IEND", 4) == 0) {
			break;
		}
		pos += 12 + len;
	}
	if (bpp == 0)
		goto out;
	stride = (size_t)w * (size_t)bpp;
	rawlen = (uLongf)((stride + 1) * (size_t)h);
	if ((raw = malloc(rawlen)) == NULL ||
	    uncompress(raw, &rawlen, idat, (uLong)ni) != Z_OK ||
	    rawlen != (stride + 1) * (size_t)h ||
	    (out->rgba = malloc((size_t)w * (size_t)h * 4)) == NULL)
		goto out;
	for (y = 0; y < h; y++) {
		uint8_t *line = raw + (size_t)y * (stride + 1), f = line[0];
		uint8_t *cur = line + 1;
		const uint8_t *up = y ? raw + (size_t)(y - 1) * (stride + 1) + 1 :
		    NULL;

		for (x = 0; x < stride; x++) {
			int a = x >= (size_t)bpp ? cur[x - (size_t)bpp] : 0;
			int b = up ? up[x] : 0;
			int c = up && x >= (size_t)bpp ? up[x - (size_t)bpp] : 0;

			switch (f) {
			case 0: break;
			case 1: cur[x] = (uint8_t)(cur[x] + a); break;
			case 2: cur[x] = (uint8_t)(cur[x] + b); break;
			case 3: cur[x] = (uint8_t)(cur[x] + (a + b) / 2); break;
			case 4: cur[x] = (uint8_t)(cur[x] + png_paeth(a, b, c)); break;
			default: free(out->rgba); goto out;
			}
		}
		for (x = 0; x < (size_t)w; x++) {
			uint8_t *px = out->rgba + ((size_t)y * (size_t)w + x) * 4;

			memcpy(px, cur + x * (size_t)bpp, 3);
			px[3] = bpp == 4 ? cur[x * 4 + 3] : 255;
		}
	}
	out->width = w;
	out->height = h;
	ok = 0;
out:
	free(file);
	free(idat);
	free(raw);
	fclose(fp);
	return ok;
}

/* png_rgb: the colour at (x, y) as 0xRRGGBB. */
static inline uint32_t
png_rgb(const struct png *p, int x, int y)
{
	const uint8_t *px = p->rgba + ((size_t)y * (size_t)p->width + (size_t)x) * 4;

	return (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
}

#endif
