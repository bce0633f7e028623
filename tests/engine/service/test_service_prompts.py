"""Each player's open prompt, remembered per game by a front end (as an opaque text) and read
back after a reopen, on SQLite and PostgreSQL."""

from engine.service import GameService


async def test_a_prompt_handle_per_player_is_replaced_read_back_and_forgotten(
        service: GameService, new_game) -> None:
    game = await new_game()
    other = await new_game(guild=2)
    await service.remember_prompt(game.id, 11, '{"message_id": 1}')
    await service.remember_prompt(game.id, 11, '{"message_id": 2}')  # the newer replaces it
    await service.remember_prompt(game.id, 12, "b")
    await service.remember_prompt(other.id, 11, "elsewhere")
    assert await service.prompt_handles(game.id) == {11: '{"message_id": 2}', 12: "b"}
    await service.forget_prompt(game.id, 11)
    assert await service.prompt_handles(game.id) == {12: "b"}
    assert await service.prompt_handles(other.id) == {11: "elsewhere"}
