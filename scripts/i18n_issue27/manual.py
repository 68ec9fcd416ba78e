MANUAL = {"ru": {
    (None, "The card played from hand slot {slot} is not the one committed at the start."):
        "Карта, сыгранная с места {slot} в руке, не та, что была заявлена в начале.",
    (None, "slot {slot} holds no card of yours"): "на месте {slot} в руке нет вашей карты",
    (None, "Raj flexes used"): "Радж флекс: использовано",
    (None, "Pair flexes used (own moves to wait)"): "Пара флекс: использовано (ждать своих ходов)",
    (None, "opening grace {n}"): "ходы без зачёркивания: {n}",
    (None, "Opening grace: {player} may not cross out for {n} more turn."): (
        "Ходы без зачёркивания: {player} не может зачёркивать ещё {n} ход.",
        "Ходы без зачёркивания: {player} не может зачёркивать ещё {n} хода.",
        "Ходы без зачёркивания: {player} не может зачёркивать ещё {n} ходов."),
    (None, "The opening grace must be a whole number from 0 to {max}, not {value}."):
        "Число ходов без зачёркивания должно быть целым от 0 до {max}, а не {value}.",
}, "zh-Hans": {
    (None, "A card in this link is not a point of the card group: the link was changed."):
        "此链接中一张牌的数值无效：链接被改动过。",
    (None, "A point in this link is not a point of the card group: the link was changed."):
        "此链接中有一个数值无效：链接被改动过。",
}, "ja": {}}
MANUAL["ja"].update({
    (None, "fire: the stone burns at once for {n}"): "炎：石はすぐに燃え、{n}のダメージを与えます",
    (None, "Your field cards together do not reach the attack: you can only decline."):
        "場のカード全部でも攻撃に届きません：防御しないことしかできません。",
    (None, "Hidden cards stay hidden when the game ends; after the game either player may ask to see everything: both hands, the closed cards and the shields."):
        "ゲームが終わっても隠れたカードは隠れたままです。終了後は、どちらのプレイヤーもすべて（両方の手札、クローズカード、シールド）を見せるよう求めることができます。",
    (None, "A saved game, a record file and a share link hold the options, the shuffle's seed and every move: a full replay. The seed decides the deck order, so whoever decodes a record can work out both hands, every closed card, both shields and the whole deck. Send a link of an unfinished game only to someone you would show your cards to, or after the game."):
        "保存した対局、記録ファイル、共有リンクには設定、シャッフルのシード、すべての手が入っています（完全な再生）。シードがデッキの順番を決めるので、記録を解読すれば両方の手札、すべてのクローズカード、両方のシールド、デッキ全体が分かります。終わっていない対局のリンクは、カードを見せてもよい相手にだけ、または対局後に送ってください。",
    (None, "Attack with {card}? Click it again or press Attack."): "{card}で攻撃しますか？もう一度クリックするか「攻撃」を押してください。",
})
MANUAL["ja"].update({
    (None, '<b>Field</b>: cards put down <b>open</b> (face up, both see them) or <b>closed</b> (face down; the owner may look at them any time — on your screen they show with a dashed border and the word "closed"). On the field both kinds work the same.'):
        "<b>場のカード</b>：<b>オープン</b>（表向き、相手にも見える）か<b>クローズ</b>（裏向き。自分は好きなときに表を見られます。画面では破線の枠と「クローズ」の文字で示します）で出したカードです。場に出たら両者はまったく同じように使います。",
    (None, "<b>Deck</b> (face down) and <b>discard pile</b> (face up: open the list in the side panel to look through it)."):
        "<b>デッキ</b>（裏向き）と<b>捨て札</b>（表向き。横のパネルの一覧を開けばいつでも見られます）。",
})
MANUAL["ja"].update({
    (None, "the crypt swallows the card: nothing happens"): "地穴がカードを飲み込みます：何も起こりません",
})
MANUAL["ja"].update({
    (None, "put <b>one</b> hand card on the field <b>closed</b>;"): "手札からカードを<b>1枚</b>、<b>クローズ</b>状態で場に出す；",
    (None, "put <b>two</b> hand cards on the field <b>open</b>;"): "手札からカードを<b>2枚</b>、<b>オープン</b>状態で場に出す；",
})
MANUAL["zh-Hans"].update({
    (None, "A switch for faster games: with full speed, X counts the stone itself (X = the group's size), so a lone 1 takes effect at once."):
        "让对局更快的开关：开启全速连通时 X 也计入卡棋自身（X = 连通集大小），所以单独的 1 立刻生效。",
    (None, "Even at full speed a lone 3 has X = 1: only the 1 takes effect alone."):
        "即使开启全速连通，单独的 3 也只有 X = 1：单独时只有 1 会生效。",
    (None, "Plain, but groups do not connect between water and non-water cells."):
        "基础地形，但是与其他的地形隔离：连通集不会跨越水与非水区域相连。",
    (None, "The deck is shuffled and locked by both browsers (mental poker): you see your hand and the open cards; your friend's hand and closed cards, both shields and the deck's order stay hidden from you, and yours from your friend."):
        "牌堆由双方浏览器共同洗牌并加锁（心理扑克）：你能看到自己的手牌和明置的牌；朋友的手牌和暗置的牌、双方的护盾以及牌堆的顺序对你保密，你的也对朋友保密。",
})
MANUAL["ja"].update({
    (None, "Leave empty for a random game; the same seed gives the same dice."):
        "空欄ならランダムな対局です。同じシードなら同じサイコロの目になります。",
})
MANUAL["ru"].update({
    (None, "A game that ends before the last card earns no pack and counts for no achievement."):
        "Партия, закончившаяся до последней карты, не приносит пака и не засчитывается в ачивменты.",
    (None, "This table plays Random: {size} cards of different levels from {min} to {max} are drawn from your collection when your friend's next link arrives, from randomness neither of you can steer."):
        "За этим столом играют по правилу «Рандом»: {size} карт разных уровней от {min} до {max} выбираются из вашей коллекции, когда придёт следующая ссылка друга, из случайности, на которую никто из вас не может повлиять.",
    (None, "Leave empty for a random game; the same seed gives the same dice."):
        "Оставьте пустым для случайной партии; один и тот же сид даёт те же броски кубиков.",
    (None, "Who must touch M: the source says «Если вы поставили свое число вплотную к уже стоящим цифрам врага, и она соприкасается как минимум еще с одним вашим числом — вы можете зачеркнуть ее» (“if you put your number right next to the enemy's digits, and <i>it</i> touches at least one more of your numbers, you may cross <i>it</i> out”). «Она» (“it”) is the enemy digit, the one crossed out, so M touches E, not the new number. The source's second example fits only this reading: all three Orange digits stand around the enemy 9."):
        "Кого должно касаться M: в оригинале сказано «Если вы поставили свое число вплотную к уже стоящим цифрам врага, и она соприкасается как минимум еще с одним вашим числом — вы можете зачеркнуть ее». «<i>Она</i>» — это цифра врага, та, что <i>зачёркивается</i>, поэтому M касается E, а не нового числа. Второй пример оригинала подходит только под это прочтение: все три оранжевые цифры стоят вокруг вражеской девятки.",
})
MANUAL['ru'][(None, 'Moves: <code>e2e4</code>, rursus <code>a9a10q</code> (q r b n t), flex <code>e1h1</code>, piCSbumm <code>d4e5!</code>, Editor <code>-a</code> / <code>-1</code> / <code>-</code>. Positions: FEN-like text with fields for the side to move, flexes, pair flexes, piCSbumm, the area, the Editor phase, the rules and the counters; position text written before the corrections is still read.')] = 'Ходы: <code>e2e4</code>, рурсус <code>a9a10q</code> (q r b n t), флекс <code>e1h1</code>, пиКСбумм <code>d4e5!</code>, Редактор <code>-a</code> / <code>-1</code> / <code>-</code>. Позиции: текст наподобие FEN с полями для стороны, чей ход, Радж флекса и Пара флекса, пиКСбумма, области, фазы Редактора, правил и счётчиков; текст позиций, записанный до исправлений, по-прежнему читается.'
MANUAL["ja"].update({
    (None, "{attacker} attacked with {card} ({attack}); {defender} had no defence and no shield."):
        "{attacker}が{card}（{attack}）で攻撃しました。{defender}は防御できず、シールドもありませんでした。",
    (None, "{attacker} attacked with {card} ({attack}); {defender}'s shield broke and went to their hand."):
        "{attacker}が{card}（{attack}）で攻撃しました。{defender}のシールドが壊れて手札に入りました。",
    (None, "{attacker} attacked with {card} ({attack}); {defender} defended with {cards} = {defence}. {player} got {n} advantage."):
        ("{attacker}が{card}（{attack}）で攻撃しました。{defender}が{cards} = {defence}で防御しました。{player}が{n}アドバンテージを得ました。",),
})
MANUAL["ja"].update({
    (None, "<b>Hand</b>: only you see it."): "<b>手札</b>：相手に見えないように自分の手で持っているカードです。",
    (None, "<b>Shield</b>: one face-down card each. <em>Nobody</em> may look at it, not even its owner."):
        "<b>シールド</b>：各自1枚、裏向きに伏せておくカードです。自分を含め<em>誰も</em>見てはいけません。",
})
