"""The 16-colour CGA/EGA palette, by index as the text-mode attribute numbers it."""

PALETTE = [(0, 0, 0), (0, 0, 170), (0, 170, 0), (0, 170, 170),
           (170, 0, 0), (170, 0, 170), (170, 85, 0), (170, 170, 170),
           (85, 85, 85), (85, 85, 255), (85, 255, 85), (85, 255, 255),
           (255, 85, 85), (255, 85, 255), (255, 255, 85), (255, 255, 255)]
(BLACK, BLUE, GREEN, CYAN, RED, MAGENTA, BROWN, LIGHT_GREY,
 DARK_GREY, LIGHT_BLUE, LIGHT_GREEN, LIGHT_CYAN, LIGHT_RED, LIGHT_MAGENTA, YELLOW, WHITE) = range(16)

NAMES = ["Black", "Blue", "Green", "Cyan", "Red", "Magenta", "Brown", "Light grey",
         "Dark grey", "Light blue", "Light green", "Light cyan", "Light red", "Light magenta",
         "Yellow", "White"]
