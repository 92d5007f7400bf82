/* Play one game of transfer durak through the generated C engine's header.
 *
 *     cc -std=c99 -Wall -Wextra -Werror -I generated docs/c-example.c generated/transfer.c -o example
 *     ./example 42
 *
 * Every seat plays its first legal action.  The same seed deals the same game as the
 * Python engine's new_game(2, 42), and the same choices play the same game. */
#include <stdio.h>
#include <stdlib.h>

#include "transfer.h"

/* The text of an action, e.g. "beat 9C JC" or "attack 7S 7H". */
static void print_action(const durak_transfer_action *a)
{
    static const char *const verbs[] = {"attack", "beat", "transfer", "show", "throw", "take", "pass"};
    int c;
    printf("%s", verbs[a->kind]);
    if (a->kind == DURAK_TRANSFER_BEAT) {
        printf(" %s %s", durak_transfer_card_text(a->a), durak_transfer_card_text(a->d));
    }
    for (c = 0; c < DURAK_TRANSFER_NCARDS; c++) {
        if ((a->mask >> c) & 1) {
            printf(" %s", durak_transfer_card_text(c));
        }
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    durak_transfer_action acts[DURAK_TRANSFER_MAX_ACTIONS];
    durak_transfer_view view;
    unsigned long seed = argc > 1 ? strtoul(argv[1], NULL, 10) : 42;
    int moves = 0;
    durak_transfer_game *game = durak_transfer_new();
    if (!game || durak_transfer_deal(game, 2, seed, 0, 0) != DURAK_TRANSFER_OK) {
        fprintf(stderr, "could not deal\n");
        return 1;
    }
    durak_transfer_get(game, &view);
    printf("trump %s, seat %d attacks\n", durak_transfer_card_text(view.turned), view.attacker);
    while (!durak_transfer_is_over(game)) {
        durak_transfer_legal(game, acts);
        printf("seat %d: ", durak_transfer_to_move(game));
        print_action(&acts[0]);
        if (durak_transfer_apply(game, &acts[0]) != DURAK_TRANSFER_OK) {
            fprintf(stderr, "the engine refused its own legal action\n");
            return 1;
        }
        moves++;
    }
    if (durak_transfer_is_draw(game)) {
        printf("draw after %d moves\n", moves);
    } else {
        printf("seat %d is the durak after %d moves\n", durak_transfer_loser(game), moves);
    }
    durak_transfer_free(game);
    return 0;
}
