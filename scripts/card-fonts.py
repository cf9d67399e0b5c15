#!/usr/bin/python3
"""
Makes the static TrueType fonts the link-preview card (app/utils/og-image.server.ts) draws with.

sharp's text engine (Pango through FreeType, built without Brotli) cannot read the WOFF2 variable
fonts the pages use, so each type pairing's heading and body font is cut here, once, into static
TTF instances at the weights the card uses, Latin and Latin Extended merged, renamed to a family
of its own ("Tagg Card <font>") so no installed font can stand in for it.

Needs fontTools and Brotli (Debian: apt-get install python3-fonttools python3-brotli). Run from the
repository root after the @fontsource-variable packages change:  /usr/bin/python3 scripts/card-fonts.py
"""
import io
import os
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer
from fontTools.merge import Merger

SRC = 'node_modules/@fontsource-variable'
OUT = 'app/assets/fonts/card'
# family of the card → (package, file stem, weights the card draws it at). All SIL OFL 1.1 (their
# copyright and licence name records are kept); Source Serif's "Source" is a Reserved Font Name, so
# its modified instance is called "Serif" here.
FONTS = {
    'Inter': ('inter', 'inter', [400, 600, 700]),
    'Fraunces': ('fraunces', 'fraunces', [700]),
    'Serif': ('source-serif-4', 'source-serif-4', [400, 600]),
    'Space Grotesk': ('space-grotesk', 'space-grotesk', [700]),
    'DM Sans': ('dm-sans', 'dm-sans', [400, 600]),
}
WEIGHT_NAMES = {400: 'Regular', 600: 'SemiBold', 700: 'Bold'}


def static(path, weight):
    font = TTFont(path)
    axes = {axis.axisTag: axis for axis in font['fvar'].axes}
    limits = {'wght': weight}
    # Other axes (optical size, softness, ...) at their defaults.
    for tag, axis in axes.items():
        if tag != 'wght':
            limits[tag] = axis.defaultValue
    font = instancer.instantiateVariableFont(font, limits)
    font.flavor = None
    buffer = io.BytesIO()
    font.save(buffer)
    buffer.seek(0)
    return buffer


def rename(font, family, weight):
    style = WEIGHT_NAMES[weight]
    name = font['name']
    for record in list(name.names):
        if record.nameID in (1, 2, 3, 4, 6, 16, 17, 21, 22):
            name.removeNames(nameID=record.nameID)
    full = f'{family} {style}'
    for name_id, value in (
        (1, family),
        (2, 'Regular' if weight != 700 else 'Bold'),
        (3, f'tagg-card:{full}'),
        (4, full),
        (6, full.replace(' ', '')),
        (16, family),
        (17, style),
    ):
        name.setName(value, name_id, 3, 1, 0x409)
    font['OS/2'].usWeightClass = weight
    font['OS/2'].fsSelection = (font['OS/2'].fsSelection & ~0b1100001) | (
        0b100000 if weight == 700 else 0b1000000
    )
    font['head'].macStyle = 1 if weight == 700 else 0
    if 'STAT' in font:
        del font['STAT']


os.makedirs(OUT, exist_ok=True)
for family, (package, stem, weights) in FONTS.items():
    for weight in weights:
        parts = []
        for subset in ('latin', 'latin-ext'):
            parts.append(static(f'{SRC}/{package}/files/{stem}-{subset}-wght-normal.woff2', weight))
        merger = Merger()
        merged = merger.merge(parts)
        rename(merged, f'Tagg Card {family}', weight)
        out = f'{OUT}/{stem}-{weight}.ttf'
        merged.save(out)
        print(out, os.path.getsize(out))
