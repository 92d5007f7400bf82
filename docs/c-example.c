/* Play one game of transfer durak through the generated C engine's header.
 *
 *     cc -std=c99 -Wall -Wextra -Werror -I generated docs/c-example.c generated/transfer.c -o example
 *     (gcc or clang: every generated file compiles with both)
 *     ./example 42
 *
 * Every seat plays its first legal action; with a second argument, seat 0 plays the actions
 * typed on stdin instead ("beat 9c jc", read by durak_transfer_parse_action).  The same seed
 * deals the same game as the Python engine's new_game(2, 42), and the same choices play the
 * same game. */
#include <stdio.h>
#include <stdlib.h>

#include "transfer.h"

/* The text of an action, e.g. "beat 9C JC" or "attack 7S 7H": the Python engine's str(action). */
static void print_action(const durak_transfer_action *a)
{
    char text[DURAK_TRANSFER_ACTION_TEXT_MAX];
    durak_transfer_action_text(a, text, sizeof text);
    printf("%s\n", text);
}

int main(int argc, char **argv)
{
    durak_transfer_action acts[DURAK_TRANSFER_MAX_ACTIONS];
    durak_transfer_view view;
    unsigned long seed = argc > 1 ? strtoul(argv[1], NULL, 10) : 42;
    int interactive = argc > 2, moves = 0;
    durak_transfer_game *game = durak_transfer_new();
    if (!game || durak_transfer_deal(game, 2, seed, 0, 0) != DURAK_TRANSFER_OK) {
        fprintf(stderr, "could not deal\n");
        return 1;
    }
    durak_transfer_get(game, &view);
    printf("trump %s, seat %d attacks\n", durak_transfer_card_text(view.turned), view.attacker);
    while (!durak_transfer_is_over(game)) {
        durak_transfer_action act;
        int seat = durak_transfer_to_move(game);
        durak_transfer_legal(game, acts);
        act = acts[0];
        if (interactive && seat == 0) {
            char line[256];
            if (!fgets(line, sizeof line, stdin)) {
                break;
            }
            if (durak_transfer_parse_action(line, &act) != DURAK_TRANSFER_OK) {
                printf("not an action: %s", line);
                continue;
            }
        }
        if (durak_transfer_apply(game, &act) != DURAK_TRANSFER_OK) {
            printf("not legal now: ");
            print_action(&act);
            continue;
        }
        printf("seat %d: ", seat);
        print_action(&act);
        moves++;
    }
    if (durak_transfer_is_draw(game)) {
        printf("draw after %d moves\n", moves);
    } else if (durak_transfer_is_over(game)) {
        printf("seat %d is the durak after %d moves\n", durak_transfer_loser(game), moves);
    }
    durak_transfer_free(game);
    return 0;
}
