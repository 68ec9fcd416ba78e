"""Card names of the built-in sets, in set order: 8 per level 1..10, then 6 of level 11.

Each theme climbs from small creatures and apprentices (level 1) to legends (level 11).
"""

from __future__ import annotations

from webtabletop.i18n import N_, _, pgettext


def _split(text: str) -> list[str]:
    return [n.strip() for n in text.replace("\n", " ").split(",") if n.strip()]


EMBERS = _split("""
Spark Imp, Cinder Mouse, Ash Beetle, Coal Gnome, Ember Moth, Soot Sprite, Kindling Pup, Flint Lizard,
Bellows Boy, Smelter Rat, Tinder Fox, Slag Toad, Brazier Bat, Scorch Hare, Wick Wisp, Char Crow,
Anvil Apprentice, Forge Hound, Magma Snail, Crucible Crab, Furnace Goblin, Blaze Ferret, Ironfoot Dwarf, Pyre Owl,
Hammer Journeyman, Lava Newt, Kiln Guardian, Smoke Serpent, Ingot Golem, Flame Dancer, Cinder Knight, Brimstone Boar,
Bladesmith, Obsidian Stag, Fire Salamander, Ember Witch, Bronze Sentinel, Ash Wyrmling, Molten Monk, Sunforge Hawk,
Steelwright, Magma Bear, Pyromancer, Forge Titanling, Hellfire Lynx, Cinder Valkyrie, Lava Troll, Blazing Ram,
Master Smith, Inferno Wolf, Crimson Sorceress, Obsidian Giant, Fire Drake, Volcano Shaman, Ember Paladin, Scorch Manticore,
Runesmith, Magma Wyrm, Flame Archon, Ashen Colossus, Phoenix Fledgling, Furnace Lord, Blaze Chimera, Lava Behemoth,
Forgemaster Thane, Cinder Dragon, Inferno Queen, Molten Hydra, Pyre Seraph, Volcano King, Emberstorm Djinn, Brimstone Basilisk,
Eternal Anvil, Phoenix, Crown of Embers, Magma Leviathan, Ifrit, Sunfire Titan, Ashen Archdragon, Hearthmother,
The First Flame, Worldforge, Sol Invictus, The Ember King, Infernal Sovereign, Heart of the Volcano
""")

TIDES = _split("""
Sand Crab, Sea Snail, Minnow, Tide Pool Shrimp, Barnacle, Jellyfish, Hermit Crab, Starfish,
Gull, Seahorse, Clownfish, Mussel Sprite, Puffer, Cuttle Imp, Reef Eel, Kelp Frog,
Fisher Boy, Sea Otter, Octopus, Reef Shark, Pearl Diver, Manta Ray, Coral Nymph, Lobster Knight,
Harbour Pilot, Swordfish, Sea Turtle, Lantern Angler, Tide Witch, Walrus, Siren, Squid Scout,
Corsair, Dolphin Rider, Hammerhead, Merrow Warrior, Narwhal, Storm Petrel, Reef Golem, Coral Oracle,
Sea Captain, Orca, Triton Guard, Giant Clam, Selkie, Whirlpool Sprite, Nautilus Sage, Deep Angler,
Admiral, Kraken Spawn, Sea Serpent, Mermaid Queen, Storm Caller, Abyssal Knight, Ghost Ship, Leviathan Calf,
Tidecaller, Great White, Coral Titan, Maelstrom Witch, Sea Dragon, Trench Horror, Pearl Empress, Typhoon Roc,
Triton, Kraken, Abyss Queen, Tsunami Djinn, Storm Leviathan, Drowned King, Moon Tide Seraph, Reef Hydra,
Herald of the Sea, Elder Kraken, Ocean Mother, Maelstrom, Deep One, Tempest Dragon, Sunken Colossus, Sea Empress,
The Endless Tide, Lord of the Deep, The Drowned Moon, Oceanus, Mother of Storms, The Abyss Crown
""")

GROVE = _split("""
Acorn Sprite, Moss Mouse, Mushroom Imp, Firefly, Hedgehog, Leaf Beetle, Pinecone Pixie, Snail Scout,
Squirrel, Toadstool Gnome, Nettle Fairy, Badger Cub, Thorn Wren, Fern Frog, Bramble Hare, Dandelion Wisp,
Woodcutter, Red Fox, Owl Sentry, Ivy Dryad, Wild Boar, Bark Goblin, Mistle Druid, Willow Sprite,
Forest Ranger, Grey Wolf, Antlered Stag, Mossback Tortoise, Herb Witch, Briar Knight, Hawk Rider, Root Golem,
Hunter, Brown Bear, Grove Keeper, Elk Lord, Moonlit Lynx, Thistle Archer, Sap Elemental, Mushroom Shaman,
Druid, Great Owl, Oak Guardian, Vine Serpent, Fey Duelist, Dire Boar, Forest Troll, Wild Huntress,
Archdruid, Treant, Dire Wolf, Thorn Queen, Faun Chieftain, Lichen Colossus, Moon Elk, Nightshade Witch,
Elder Treant, Grove Dragon, Spirit Stag, Autumn Lady, Briar Behemoth, Wyld Hunter, Owl King, Green Knight,
Warden of Oaks, Forest Hydra, Fey Queen, Verdant Wyrm, Horned Lord, Bloom Seraph, Thornheart Titan, Moon Druid,
World Tree Sapling, Great Stag, Elder Dryad, Green Dragon, Lord of Beasts, Spring Maiden, Ancient Treant, Wild Hunt,
Yggdrasil, The Green Man, Mother of Forests, Heart of the Wood, Cernunnos, The Evergreen Crown
""")

#: built-in sets: (set id, name, theme, seed, names)
BUILTIN_SPECS = (
    ("emb", N_("Embers of the Forge"), N_("Fire, smiths and volcanoes"), 0xE3B, EMBERS),
    ("tid", N_("Tidecallers"), N_("The sea and its depths"), 0x71D, TIDES),
    ("grv", N_("Grove Wardens"), N_("Forests, beasts and the fey"), 0x64F, GROVE),
)


#: ids of the built-in sets; a player's set may never use one (collection.reading refuses it)
BUILTIN_SET_IDS = frozenset(spec[0] for spec in BUILTIN_SPECS)


#: the set of the cards a lesson or test position makes from their six values
#: (:func:`webtabletop.games.htt.rules.deal.position`); their ids and names are codes
POSITION_SET = "t"


def card_name(card) -> str:
    """The name shown to the player: the one place card names are displayed.

    A built-in card's English name is its id in records, links and storage; only its displayed
    name is translated (context "HTT card", extracted from the set files by the i18n tooling).
    A player's card keeps its name as written: those are the player's words.
    """
    if card.set_id in BUILTIN_SET_IDS:
        return pgettext("HTT card", card.name)
    if card.id.startswith("~") or card.set_id == POSITION_SET:
        # a card written into a link, or made for a lesson from its values: the values name it,
        # one by one in side order ("Card 5-2-3-1-4-A"), never as the one code of its id
        return _("Card {values}").format(values="-".join(card.text))
    return card.name


def matter_name(matter: str | None) -> str:
    """A matter colour in the player's language (``pgettext``: "red" matter, not a red player)."""
    names = {
        "red": pgettext("matter", "red"),
        "blue": pgettext("matter", "blue"),
        "yellow": pgettext("matter", "yellow"),
        "green": pgettext("matter", "green"),
        "purple": pgettext("matter", "purple"),
    }
    return names.get(matter or "", matter or "")
