"""Who a noun phrase names, for choosing the pronoun that can stand for it: he, she, it or they.

Written for this project from common knowledge, not from any corpus. Given names are those mostly
given to one sex in English-speaking countries; names given to both (Jordan, Taylor, Leslie, Sam)
are left out on purpose, so they get no pronoun. A noun for a person whose sex it does not say
("the doctor") gets none either: "it" would be wrong and "he" or "she" a guess.
"""
from __future__ import annotations

MALE_NAMES = frozenset(
    "aaron adam adrian alan albert alexander alfred andrew anthony arthur austin barry ben benjamin bernard bill "
    "billy bob bobby brad bradley brandon brent brett brian bruce bryan carl carlos charles chad christian "
    "christopher clarence craig curtis dale dan daniel darren david dean dennis derek derrick donald douglas "
    "duncan dustin dylan earl edgar edward eric ernest ethan eugene evan frank fred frederick gabriel gary "
    "george gerald gordon graham greg gregory harold harry harvey henry howard hunter ian isaac jack jacob "
    "jake james jason jeff jeffrey jeremy jerry jim jimmy joe joel john johnny jonathan joseph joshua juan "
    "justin keith ken kenneth kevin kyle larry lawrence leonard liam logan louis luke marcus mark martin "
    "matt matthew michael mike mitchell nathan neil nelson nicholas nick noah oliver oscar patrick paul peter "
    "philip phillip ralph randy ray raymond richard rick robert rodney roger ronald roy russell ryan samuel "
    "scott sean seth shane shawn simon stanley stephen steve steven stuart ted terrence thomas timothy todd "
    "tom tony travis trevor tyler victor vincent walter wayne william zachary".split()
)

FEMALE_NAMES = frozenset(
    "abigail alice alicia allison amanda amber amy andrea angela anita ann anna anne april ashley barbara beth "
    "betty beverly brenda brittany carla carol carolyn carrie catherine cheryl christina christine cindy claire "
    "crystal cynthia deborah debra denise diana diane donna doris dorothy elaine elena elizabeth ellen emily "
    "emma erica erin eva evelyn felicia fiona gloria grace hannah heather helen holly irene jane janet "
    "janice jasmine jennifer jessica jill joan joanna josephine joyce judith judy julia julie karen katherine "
    "kathleen kathryn kathy katie katrina kayla kelly kimberly kristen laura lauren linda lindsay lindsey "
    "lisa lori louise lucy lydia madison margaret maria marie marilyn martha mary megan melanie melissa "
    "michelle miranda molly monica nancy natalie nicole olivia pamela patricia paula peggy rachel rebecca "
    "regina rita rose ruth samantha sandra sara sarah sharon shirley sophia stephanie susan tammy tanya "
    "teresa theresa tiffany tina tracy valerie vanessa veronica victoria virginia wendy".split()
)

#: titles before a surname ("Mr. Smith")
MALE_TITLES = frozenset(("mr", "mr.", "sir", "lord", "king", "prince", "uncle", "father", "brother"))
FEMALE_TITLES = frozenset(("mrs", "mrs.", "ms", "ms.", "miss", "madam", "lady", "queen", "princess", "aunt", "mother", "sister"))

#: nouns for a man or a woman, singular lemmas
MALE_NOUNS = frozenset(
    "man boy father dad daddy son brother husband boyfriend uncle nephew grandfather grandpa grandson king "
    "prince gentleman guy sir lord monk priest waiter steward fiance widower groom bridegroom "
    "stepfather godfather businessman policeman fireman chairman salesman spokesman congressman".split()
)
FEMALE_NOUNS = frozenset(
    "woman girl mother mom mum mommy daughter sister wife girlfriend aunt niece grandmother grandma "
    "granddaughter queen princess lady madam nun waitress actress stewardess fiancee widow bride "
    "stepmother godmother businesswoman policewoman chairwoman saleswoman spokeswoman congresswoman "
    "maid housewife".split()
)

#: nouns for a person of either sex (singular lemmas); agent nouns in -er/-or/-ist/-ian are caught by
#: their ending, see ``blanks.person_noun``
PERSON_NOUNS = frozenset(
    "person child kid baby toddler teen teenager adult parent sibling cousin spouse partner friend enemy "
    "neighbor neighbour roommate classmate colleague coworker boss employee employer staff student pupil "
    "teacher tutor professor doctor nurse surgeon dentist patient client customer guest host victim suspect "
    "witness judge lawyer attorney officer cop soldier captain chief leader president mayor governor senator "
    "candidate citizen resident tenant landlord owner clerk cashier chef cook baker butcher farmer driver "
    "pilot passenger tourist traveler traveller visitor stranger athlete player coach referee fan artist "
    "writer author poet singer dancer musician actor journalist reporter editor scientist engineer mechanic "
    "plumber electrician carpenter painter gardener janitor assistant secretary manager director agent "
    "detective thief robber burglar criminal prisoner hero villain champion winner loser rival opponent "
    "team-mate teammate member volunteer intern applicant novice expert amateur beginner veteran individual "
    "human somebody someone anybody anyone everybody everyone nobody orphan infant newborn".split()
)

#: words ending like agent nouns that name things, not people ("the computer", "the heater")
THING_AGENTS = frozenset(
    "computer printer heater cooler blender mixer toaster cooker dryer washer container holder trailer "
    "sticker marker eraser sharpener charger speaker router scanner monitor motor generator refrigerator "
    "elevator escalator radiator calculator ventilator projector processor sensor detector reactor "
    "conditioner freezer dishwasher stroller sweater slipper sneaker bumper wiper shaker filter timer "
    "hammer ladder burner lighter fryer grinder opener cutter poster paper letter water butter counter "
    "tower river corner border dinner flower power number answer matter center centre weather winter "
    "summer chapter order error mirror color colour floor door hour".split()
)
